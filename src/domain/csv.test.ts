import { describe, expect, test } from 'vitest';
import { csvCell, csvLine } from './csv';

describe('csv', () => {
  test('plain cells stay as they are; empty for null', () => {
    expect(csvLine(['a', 1, true, null, undefined])).toBe('a,1,true,,\r\n');
  });

  test('commas, quotes and line breaks are quoted, quotes doubled (RFC 4180)', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });

  test('a cell a spreadsheet would run as a formula starts with a single quote', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('a=b')).toBe('a=b');
  });
});
