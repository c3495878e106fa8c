// Developer aid: screenshots of routes at 1280 px and 375 px, to look at before calling a screen done.
// Usage: tsx scripts/screenshots.ts http://localhost:8000 out-dir [role] /route …
import { chromium } from '@playwright/test';
import { chromiumLaunch } from '../playwright.config';
import { loginAsDemo } from './demo-login';

const [base = 'http://localhost:8000', out = '.tmp/shots', role, ...routes] = process.argv.slice(2);
const browser = await chromium.launch(chromiumLaunch);
for (const width of [1280, 375]) {
  const page = await browser.newPage({ viewport: { width, height: width > 800 ? 800 : 740 }, locale: 'es-CL' });
  if (role && role !== 'anon') await loginAsDemo(page, base, role);
  for (const r of routes.length ? routes : ['/']) {
    await page.goto(base + r);
    await page.waitForTimeout(600);
    const name = `${out}/${(role ?? 'anon') + r.replace(/\//g, '_')}-${width}.png`;
    await page.screenshot({ path: name, fullPage: true });
    console.log(name);
  }
  await page.close();
}
await browser.close();
