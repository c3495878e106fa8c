import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { loginAs, menuLabels, openMenu, type Role } from '../fixtures';

const WIDTHS = [1280, 375];

for (const width of WIDTHS) {
  test.describe(`shell at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('menu of a visitor', async ({ page }) => {
      await page.goto('/');
      expect(await menuLabels(page)).toEqual(['Inicio', 'Iniciar Sesión', 'Registrarme']);
    });

    const MENUS: Record<Role, string[]> = {
      comprador: ['Inicio', 'Mi Perfil', 'Historial Cotizaciones', 'Órdenes de Compras', 'Cerrar Sesión'],
      proveedor: ['Inicio', 'Mis Productos de Proveedor', 'Mi Perfil', 'Historial Cotizaciones', 'Órdenes de Compras', 'Cerrar Sesión'],
      moderador: ['Inicio', 'Moderar Productos', 'Cerrar Sesión'],
    };
    for (const [role, menu] of Object.entries(MENUS) as [Role, string[]][]) {
      test(`menu of a ${role}`, async ({ page }) => {
        await loginAs(page, role);
        expect(await menuLabels(page)).toEqual(menu);
      });
    }

    test('the page has no serious accessibility violation and nothing overflows sideways', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const results = await new AxeBuilder({ page }).analyze();
      expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });
  });
}

test.describe('home banner', () => {
  test('a visitor who wants to upload stock is told to log in', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Sube tu stock' }).click();
    await expect(page.getByText('Debes iniciar sesión para acceder')).toBeVisible();
    await expect(page).toHaveURL('/');
  });

  test('a buyer who wants to upload stock is told it is for suppliers', async ({ page }) => {
    await loginAs(page, 'comprador');
    await page.getByRole('button', { name: 'Sube tu stock' }).click();
    await expect(page.getByText('Debes estar registrado como proveedor para usar esta funcionalidad')).toBeVisible();
  });

  test('a supplier goes to the bulk upload', async ({ page }) => {
    await loginAs(page, 'proveedor');
    await page.getByRole('button', { name: 'Sube tu stock' }).click();
    await expect(page).toHaveURL('/carga-masiva');
    await expect(page.getByRole('heading', { name: 'Carga masiva de productos' })).toBeVisible();
  });

  test('a moderator sees only the moderation button', async ({ page }) => {
    await loginAs(page, 'moderador');
    const banner = page.locator('.hero');
    await expect(banner.getByRole('link', { name: 'Moderar productos' })).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Cotiza ahora' })).toHaveCount(0);
    await expect(banner.getByRole('button', { name: 'Sube tu stock' })).toHaveCount(0);
    await banner.getByRole('link', { name: 'Moderar productos' }).click();
    await expect(page).toHaveURL('/moderacion-productos');
  });

  test('Cotiza ahora opens the quotation form', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Cotiza ahora' }).click();
    await expect(page).toHaveURL('/cotizar');
  });
});

test.describe('route guards', () => {
  for (const path of ['/mi-perfil', '/mi-cuenta', '/mi-cuenta-editar', '/direcciones', '/direcciones-agregar', '/direcciones-editar', '/direcciones-modificar', '/historial', '/ordenes', '/carga-masiva', '/mis-productos-proovedor', '/moderacion-productos']) {
    test(`a visitor of ${path} is sent to /login`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL('/login');
    });
  }

  test('a visitor sent to /login from the account or address screens is told why (SPEC §8)', async ({ page }) => {
    await page.goto('/mi-cuenta-editar');
    await expect(page).toHaveURL('/login');
    await expect(page.getByText('Debes iniciar sesión', { exact: true })).toBeVisible();
    await page.goto('/direcciones');
    await expect(page).toHaveURL('/login');
    await expect(page.getByText('Sesión expirada', { exact: true })).toBeVisible();
  });

  test('a buyer is sent home from supplier and moderator screens', async ({ page }) => {
    await loginAs(page, 'comprador', '/carga-masiva');
    await expect(page).toHaveURL('/');
    for (const path of ['/mis-productos-proovedor', '/moderacion-productos']) {
      await page.goto(path);
      await expect(page).toHaveURL('/');
    }
    await page.goto('/mi-perfil');
    await expect(page).toHaveURL('/mi-perfil');
  });

  test('a supplier is sent home from moderation, a moderator from supplier screens', async ({ page, browser }) => {
    await loginAs(page, 'proveedor', '/moderacion-productos');
    await expect(page).toHaveURL('/');
    await page.goto('/mis-productos-proovedor');
    await expect(page).toHaveURL('/mis-productos-proovedor');
    const other = await browser.newPage();
    await loginAs(other, 'moderador', '/carga-masiva');
    await expect(other).toHaveURL('/');
    await other.goto('/moderacion-productos');
    await expect(other).toHaveURL('/moderacion-productos');
    await other.close();
  });

  test('/cotizacion leads to the quotation route and unknown paths show a 404 page', async ({ page }) => {
    await page.goto('/cotizacion');
    await expect(page).toHaveURL('/cotizar');
    await page.goto('/no-existe');
    await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
  });
});

test.describe('session', () => {
  test('logging out removes the tokens, shows the toast at the top centre and restores the visitor menu', async ({ page }) => {
    await loginAs(page, 'comprador');
    await openMenu(page);
    await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
    const toast = page.getByText('Has cerrado sesión correctamente.');
    await expect(toast).toBeVisible();
    await expect(page.locator('[data-sonner-toaster]')).toHaveAttribute('data-y-position', 'top');
    await expect(page.locator('[data-sonner-toaster]')).toHaveAttribute('data-x-position', 'center');
    expect(await page.evaluate(() => localStorage.getItem('access'))).toBeNull();
    expect(await menuLabels(page)).toEqual(['Inicio', 'Iniciar Sesión', 'Registrarme']);
  });

  test('toasts go away after about 5 seconds', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Sube tu stock' }).click();
    const toast = page.getByText('Debes iniciar sesión para acceder');
    await expect(toast).toBeVisible();
    await page.waitForTimeout(3500);
    await expect(toast).toBeVisible();
    await expect(toast).toBeHidden({ timeout: 4000 });
  });

  test('a stored token that no longer verifies is cleared on load', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('access', 'token-falso'));
    await page.goto('/mi-perfil');
    await expect(page).toHaveURL('/login');
    expect(await page.evaluate(() => localStorage.getItem('access'))).toBeNull();
  });

  test('an access token that no longer works is renewed silently with the refresh token', async ({ page }) => {
    await loginAs(page, 'comprador');
    const refresh = await page.evaluate(() => localStorage.getItem('refresh'));
    await page.evaluate(() => localStorage.setItem('access', 'token-vencido'));
    await page.goto('/mi-cuenta');
    await expect(page.getByRole('heading', { name: 'Datos de la cuenta' })).toBeVisible();
    const access = await page.evaluate(() => localStorage.getItem('access'));
    expect(access).not.toBe('token-vencido');
    expect(access?.split('.')).toHaveLength(3);
    expect(await page.evaluate(() => localStorage.getItem('refresh'))).toBe(refresh);
  });

  test('the spinner appears only when loading takes longer than 300 ms', async ({ page }) => {
    await loginAs(page, 'comprador');
    // Slow the real server's answer down (not a mock): the guard waits for the session.
    await page.route('**/auth/users/me/', async (route) => {
      await new Promise((r) => setTimeout(r, 4000));
      await route.continue();
    });
    await page.goto('/mi-perfil', { waitUntil: 'commit' });
    await expect(page.getByRole('status')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Mi Perfil' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveCount(0);
  });
});
