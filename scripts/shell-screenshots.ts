// Developer aid: the shell (top bar, menu, a toast) of every role at the widths where it changes,
// to look at before calling the top bar done. Logs in as the demo accounts (README.md).
// Usage: tsx scripts/shell-screenshots.ts http://localhost:8000 out-dir
import { chromium } from '@playwright/test';
import { chromiumLaunch } from '../playwright.config';
import { loginAsDemo } from './demo-login';

const [base = 'http://localhost:8000', out = '.tmp/shots'] = process.argv.slice(2);
const WIDTHS = [1280, 1100, 1024, 900, 769, 375];
const ROLES = ['anon', 'comprador', 'proveedor', 'moderador'];

const browser = await chromium.launch(chromiumLaunch);
for (const role of ROLES) {
  const context = await browser.newContext({ locale: 'es-CL' });
  const page = await context.newPage();
  if (role !== 'anon') await loginAsDemo(page, base, role);
  const path = role === 'anon' ? '/login' : role === 'moderador' ? '/moderacion-productos' : '/mi-cuenta';
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 420 });
    await page.goto(base + path);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const name = `${out}/${role}-${width}.png`;
    await page.screenshot({ path: name });
    const toggle = page.getByRole('button', { name: 'Abrir menú' });
    if (await toggle.isVisible()) {
      await toggle.click();
      await page.screenshot({ path: `${out}/${role}-${width}-menu.png` });
      await page.keyboard.press('Escape');
    }
    console.log(name, await page.title());
  }
  // A toast under the top bar, at both ends of the range ('Sube tu stock' says why a visitor or a buyer can't).
  for (const width of role === 'anon' || role === 'comprador' ? [1280, 375] : []) {
    await page.setViewportSize({ width, height: 420 });
    await page.goto(`${base}/`);
    await page.getByRole('button', { name: 'Sube tu stock' }).click();
    await page.waitForTimeout(700);
    await page.screenshot({ path: `${out}/${role}-${width}-toast.png` });
  }
  await context.close();
}
await browser.close();
