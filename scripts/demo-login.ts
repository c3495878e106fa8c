import type { Page } from '@playwright/test';
import { DEMO_PASSWORD } from '#server/db/seed/demo-catalogo';

/** Logs a page in as a demo account (README.md), as the app would: both tokens in localStorage. */
export async function loginAsDemo(page: Page, base: string, role: string): Promise<void> {
  const res = await page.request.post(`${base}/auth/jwt/create/`, { data: { email: `${role}@abastece.cl`, password: DEMO_PASSWORD } });
  const tokens = (await res.json()) as { access: string; refresh: string };
  await page.goto(base);
  await page.evaluate((t) => {
    localStorage.setItem('access', t.access);
    localStorage.setItem('refresh', t.refresh);
  }, tokens);
}
