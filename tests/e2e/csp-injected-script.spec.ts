import fs from 'node:fs';
import path from 'node:path';
import { test, expect } from '@playwright/test';

/**
 * The page policy lists only the inline scripts the build emitted. A published page that carries one
 * more (as if data had smuggled it in) is served with the same policy, and the browser refuses it
 * while the page's own scripts keep working. Plain Playwright `test`: the shared fixture fails on any
 * violation, and here one is expected.
 */
test('an inline script the build did not emit is refused by the browser; the page’s own scripts run', async ({
  page,
}) => {
  const client = path.join(process.env.E2E_DATA_DIR!, 'site', 'current', 'client');
  const probe = path.join(client, 'csp-probe');
  const html = fs.readFileSync(path.join(client, 'partner', 'index.html'), 'utf8');
  fs.mkdirSync(probe, { recursive: true });
  fs.writeFileSync(
    path.join(probe, 'index.html'),
    html.replace('</body>', '<script>window.__injected = true;</script></body>'),
  );
  try {
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __violations: string[] }).__violations = seen;
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(`${event.effectiveDirective} ${event.blockedURI}`),
      );
    });
    await page.setViewportSize({ width: 390, height: 800 });
    const response = await page.goto(`${process.env.E2E_BASE_URL}/csp-probe`);
    expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);

    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations))
      .toEqual(['script-src-elem inline']);
    expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();

    // The header's own inline script was allowed: the menu opens.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
  } finally {
    fs.rmSync(probe, { recursive: true, force: true });
  }
});
