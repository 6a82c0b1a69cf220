import { describe, expect, test } from 'vitest';
import { movedTrainerPath } from '../domain/trainers/trainerSlug';
import { netlifyHeaders, netlifyRedirects } from './netlifyRules';
import { embedCsp } from './cspPolicy';

const moved = new Map([['ana-lopez', 'ana']]);

describe("a trainer's old slug (docs/product.md, Trainer pages)", () => {
  test.each([
    ['/trainers/ana-lopez', '/trainers/ana'],
    ['/embed/trainers/ana-lopez', '/embed/trainers/ana'],
    ['/feeds/trainer-ana-lopez.ics', '/feeds/trainer-ana.ics'],
    ['/feeds/trainer-ana-lopez.xml', '/feeds/trainer-ana.xml'],
  ])('%s moves to %s', (from, to) => {
    expect(movedTrainerPath(from, moved)).toBe(to);
  });

  test.each(['/trainers/ana', '/trainers/ana-lopez/x', '/training/ana-lopez', '/feeds/ana-lopez.ics', '/trainers'])(
    '%s is not a moved trainer path',
    (path) => {
      expect(movedTrainerPath(path, moved)).toBeNull();
    },
  );

  test('a CDN deploy answers the same 301s', () => {
    const rules = netlifyRedirects('https://api.example', [{ from: 'ana-lopez', to: 'ana' }]);
    expect(rules).toContain('/trainers/ana-lopez  /trainers/ana  301\n');
    expect(rules).toContain('/feeds/trainer-ana-lopez.ics  /feeds/trainer-ana.ics  301\n');
  });
});

describe('the /embed/ exception', () => {
  const page = "default-src 'self'; frame-ancestors 'none'";
  test('only frame-ancestors differs', () => {
    expect(embedCsp(page)).toBe("default-src 'self'; frame-ancestors *");
  });

  test("a CDN deploy sends /embed/'s policy after the pages' one, and CORS for the widget only", () => {
    const headers = netlifyHeaders(page);
    expect(headers).toContain("/embed/*\n  Content-Security-Policy: default-src 'self'; frame-ancestors *\n");
    expect(headers).toContain('/embed/v1.js\n  Access-Control-Allow-Origin: *\n');
    expect(headers.match(/Access-Control-Allow-Origin/g)).toHaveLength(1);
  });
});
