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
      test.setTimeout(60_000);
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
  // Tab once the home screen is there: a key pressed while the lazy screen loads lands on a layout about to re-render.
  await expect(page.getByRole('link', { name: 'Sube tu stock' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Saltar al contenido' })).toBeFocused();
  const seen = new Set<string>();
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    seen.add(await page.evaluate(() => document.activeElement?.textContent?.trim() ?? ''));
  }
  for (const label of ['Iniciar Sesión', 'Registrarme', 'Cotiza ahora', 'Sube tu stock']) expect(seen).toContain(label);
});

test.describe('toasts', () => {
  /** axe over the visible toast alone, once it has faded in (a half-transparent toast reads as low contrast). */
  async function expectReadable(page: Page, text: string) {
    const toast = page.locator('[data-sonner-toast]', { hasText: text });
    await expect(toast).toHaveAttribute('data-mounted', 'true');
    await expect(toast).toHaveCSS('opacity', '1');
    const { violations } = await new AxeBuilder({ page }).include('[data-sonner-toaster]').analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.failureSummary).join(' | ')}`)).toEqual([]);
  }

  test('a success toast reads at 4.5:1 or more', async ({ page }) => {
    await loginAs(page, 'moderador');
    await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
    await expectReadable(page, 'Has cerrado sesión correctamente.');
  });

  test('an error toast too', async ({ page }) => {
    await loginAs(page, 'comprador');
    await page.getByRole('button', { name: 'Sube tu stock' }).click();
    await expectReadable(page, 'Debes estar registrado como proveedor para usar esta funcionalidad');
  });
});
