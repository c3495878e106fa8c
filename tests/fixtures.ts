import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'abastece2026';
export const DEMO = {
  comprador: 'comprador@abastece.cl',
  proveedor: 'proveedor@abastece.cl',
  moderador: 'moderador@abastece.cl',
} as const;
export type DemoRole = keyof typeof DEMO;

/** Logs in through the API and stores the tokens as the app does, then opens `path`. */
export async function loginByApi(page: Page, email: string, password: string, path = '/') {
  const res = await page.request.post('/auth/jwt/create/', { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
  const tokens = await res.json();
  await page.goto('/404-vacia');
  await page.evaluate((t) => {
    localStorage.setItem('access', t.access);
    localStorage.setItem('refresh', t.refresh);
  }, tokens);
  await page.goto(path);
  return tokens as { access: string; refresh: string };
}

/** The demo accounts only play roles the shell tests read; journeys create their own users. */
export const loginAsDemo = (page: Page, role: DemoRole, path = '/') => loginByApi(page, DEMO[role], DEMO_PASSWORD, path);

/** Opens the menu when the viewport shows it collapsed (≤ 768 px). */
export async function openMenu(page: Page) {
  const toggle = page.getByRole('button', { name: 'Abrir menú' });
  if (await toggle.isVisible()) await toggle.click();
}

export async function menuLabels(page: Page): Promise<string[]> {
  await openMenu(page);
  const nav = page.getByRole('navigation', { name: 'Menú principal' });
  await expect(nav.getByRole('link', { name: 'Inicio' })).toBeVisible();
  return (await nav.locator('li').allInnerTexts()).map((s) => s.trim());
}
