import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { loginAs } from '../fixtures';

const PUBLICAS = ['/', '/login', '/signup', '/reset-password', '/password/reset/confirm/MQ/x', '/no-existe'];
const PRIVADAS = ['/mi-perfil', '/mi-cuenta', '/mi-cuenta-editar', '/direcciones', '/direcciones-agregar'];

async function expectAccessible(page: Page, path: string, width: number) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.target}`),
    path,
  ).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} overflows`).toBeLessThanOrEqual(width);
}

for (const width of [1280, 375]) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('public screens have no serious accessibility violation and no sideways overflow', async ({ page }) => {
      for (const path of PUBLICAS) await expectAccessible(page, path, width);
    });

    test('account and address screens too', async ({ page }) => {
      test.setTimeout(60_000);
      await loginAs(page, 'comprador');
      for (const path of PRIVADAS) await expectAccessible(page, path, width);
    });
  });
}

test('the main flows can be reached with the keyboard alone', async ({ page }) => {
  await page.goto('/');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Saltar al contenido' })).toBeFocused();
  const seen = new Set<string>();
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    seen.add(await page.evaluate(() => document.activeElement?.textContent?.trim() ?? ''));
  }
  for (const label of ['Iniciar Sesión', 'Registrarme', 'Cotiza ahora', 'Sube tu stock']) expect(seen).toContain(label);
});
