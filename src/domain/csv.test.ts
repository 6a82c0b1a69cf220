import { describe, expect, test } from 'vitest';
import { csvCell, csvLine } from './csv';

describe('csv', () => {
  test('plain cells stay as they are; empty for null', () => {
    expect(csvLine(['a', 1, true, null, undefined])).toBe('a,1,true,,\r\n');
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell('Sign-in failed')).toBe('Sign-in failed');
    expect(csvCell('2001:db8::/48')).toBe('2001:db8::/48');
  });

  test('commas, quotes and line breaks are quoted, quotes doubled (RFC 4180)', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });

  test('a semicolon or a tab, the separators of other spreadsheets, is quoted too', () => {
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('a\tb')).toBe('"a\tb"');
    expect(csvCell('reason=unknown-email; remaining=3')).toBe('"reason=unknown-email; remaining=3"');
  });

  test('a cell a spreadsheet would run as a formula is quoted and starts with a single quote', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('=1+1')).toBe('"\'=1+1"');
    expect(csvCell('+1')).toBe('"\'+1"');
    expect(csvCell('-2')).toBe('"\'-2"');
    expect(csvCell('@SUM(A1)')).toBe('"\'@SUM(A1)"');
    expect(csvCell('  =1+1')).toBe('"\'  =1+1"');
  });

  test('a cell starting with a control character is quoted and defused', () => {
    expect(csvCell('\tx')).toBe('"\'\tx"');
    expect(csvCell('\rx')).toBe('"\'\rx"');
    expect(csvCell('\u0001x')).toBe('"\'\u0001x"');
  });

  test('a formula after a separator inside the cell is defused too: x;=1+1 stays text in Excel with ;', () => {
    expect(csvCell('x;=1+1')).toBe('"x;\'=1+1"');
    expect(csvCell('x,=1+1')).toBe('"x,\'=1+1"');
    expect(csvCell('x\t@SUM(A1)')).toBe('"x\t\'@SUM(A1)"');
    expect(csvCell('x; +1')).toBe('"x;\' +1"');
    expect(csvCell('one\r\n-2')).toBe('"one\r\n\'-2"');
    expect(csvCell('x;\u0001y')).toBe('"x;\'\u0001y"');
  });

  test('split at any separator, no part of a defused cell starts a formula', () => {
    const cells = ['x;=1+1', '=a,+b;-c\t@d', 'a;;=b', 'ok;fine', '\u0007;=x'];
    for (const cell of cells) {
      const quoted = csvCell(cell);
      expect(quoted.startsWith('"') && quoted.endsWith('"'), cell).toBe(true);
      const inside = quoted.slice(1, -1).replaceAll('""', '"');
      for (const part of inside.split(/[,;\t\r\n]/)) expect(part, cell).not.toMatch(/^ *[=+\-@]|^[\x00-\x1f]/);
    }
  });
});
