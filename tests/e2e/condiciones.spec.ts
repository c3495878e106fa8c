import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, loginAs, menuProveedor, shot } from '../fixtures';

// A supplier's delivery terms on /mis-condiciones against the real server. Each
// test has a new supplier of its own (defaults until it saves), so it reads only its own terms.

const URL = '/mis-condiciones';
const region = (page: Page, nombre: string) => page.getByRole('group', { name: nombre, exact: true });
const resumen = (page: Page) => page.getByTestId('resumen-condiciones');
const SENTENCIA = 'Despachas martes y jueves en 53 comunas; pedido mínimo $50.000; despacho $8.990, gratis desde $150.000.';

for (const width of [1280, 375]) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('a new supplier sets its terms, reloads and finds them kept, with their sentence', async ({ page }) => {
      test.setTimeout(60_000);
      await loginAs(page, 'proveedor', '/mi-perfil');
      // Mi Perfil and the menu lead there.
      await page
        .getByRole('link', { name: /Condiciones de despacho/ })
        .first()
        .click();
      await expect(page).toHaveURL(URL);
      await expect(page.getByRole('heading', { level: 1, name: 'Condiciones de despacho' })).toBeVisible();
      await expect(resumen(page)).toHaveText(
        'Despachas lunes, martes, miércoles, jueves, viernes y sábado en todas las comunas; sin pedido mínimo; despacho gratis.',
      );
      await shot(page, `condiciones-por-defecto-${width}`);
      await expectAccessible(page);

      // Only the Región Metropolitana (52 comunas) and Viña del Mar; martes y jueves.
      await page.getByLabel('Todas las comunas de Chile').uncheck();
      await region(page, 'Región Metropolitana de Santiago').getByLabel('Toda la región').check();
      // One comuna of another región, found by name (no accent typed); Enter there saves nothing.
      const guardados: string[] = [];
      page.on('request', (r) => {
        if (r.method() === 'PUT') guardados.push(r.url());
      });
      await page.getByLabel('Buscar comuna').fill('vina del');
      await page.getByLabel('Buscar comuna').press('Enter');
      await expect(page.getByText('1 comuna encontrada')).toBeVisible();
      expect(guardados).toEqual([]);
      await page.getByRole('list', { name: 'Comunas encontradas' }).getByLabel('Viña del Mar').check();
      await shot(page, `condiciones-buscar-comuna-${width}`);
      await page.getByLabel('Buscar comuna').fill('');
      for (const dia of ['Lunes', 'Miércoles', 'Viernes', 'Sábado']) await page.getByLabel(dia, { exact: true }).uncheck();
      await page.getByLabel('Anticipación (días)').fill('2');
      await page.getByLabel('Hora de corte').fill('14:30');
      await page.getByLabel('Pedido mínimo').fill('50.000');
      await page.getByLabel('Costo de despacho').fill('8.990');
      await page.getByLabel('Despacho gratis desde').fill('150.000');
      await expect(resumen(page)).toHaveText(SENTENCIA);
      await shot(page, `condiciones-editadas-${width}`);
      await page.getByRole('button', { name: 'Guardar' }).click();
      await expect(page.getByText('Condiciones guardadas.')).toBeVisible();

      await page.reload();
      await expect(resumen(page)).toHaveText(SENTENCIA);
      await expect(page.getByLabel('Hora de corte')).toHaveValue('14:30');
      await expect(page.getByLabel('Pedido mínimo')).toHaveValue('$50.000');
      await expect(page.getByLabel('Despacho gratis desde')).toHaveValue('$150.000');
      await expect(page.getByLabel('Martes', { exact: true })).toBeChecked();
      await expect(page.getByLabel('Lunes', { exact: true })).not.toBeChecked();
      await expect(region(page, 'Región Metropolitana de Santiago').getByLabel('Toda la región')).toBeChecked();
      await expect(region(page, 'Región de Valparaíso').getByText('1 de 38 comunas')).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await shot(page, `condiciones-guardadas-${width}`);
    });
  });
}

test('a field the server refuses says why under it, and nothing is saved', async ({ page }) => {
  await loginAs(page, 'proveedor', URL);
  // The form waits for its terms, the 16 régiones and each one's comunas: up to 7 s was once short on a loaded CI run.
  await expect(resumen(page)).toContainText('en todas las comunas', { timeout: 15_000 });
  await page.getByLabel('Hora de corte').fill('');
  await page.getByLabel('Pedido mínimo').fill('-1');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('La hora de corte debe tener el formato HH:MM.')).toBeVisible();
  await expect(page.getByText('El pedido mínimo debe ser un número entero mayor o igual a 0.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Hora de corte')).toHaveValue('18:00');
});

test('the supplier menu leads to the terms; buyers are sent home', async ({ page, browser }) => {
  await loginAs(page, 'proveedor');
  // The side menu at 1280 px, once the session has loaded.
  const enlace = (await menuProveedor(page)).getByRole('link', { name: 'Condiciones', exact: true });
  await enlace.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Condiciones de despacho' })).toBeVisible();

  const comprador = await browser.newPage();
  await loginAs(comprador, 'comprador', URL);
  await expect(comprador.getByText('Debes estar registrado como proveedor para usar esta funcionalidad')).toBeVisible();
  await expect(comprador).toHaveURL('/');
  await comprador.close();
});
