import { type APIRequestContext, expect, test } from '@playwright/test';
import { aprobarProductos, expectAccessible, loginAs, openMenu, registrarProductos, shot, uniqueStamp } from '../fixtures';
import { createProveedorListoByApi } from './proveedor-listo';

// 'Mis listas' (docs/producto.md §16) against the real server: a buyer makes a list by product
// name, renames it, edits a quantity in place, sets its weekly reminder, quotes it on /cotizar in
// one click and deletes it; at 1280 px and on a 375 px phone without sideways scrolling.

interface Catalogo {
  sello: string;
  nombres: [string, string];
  /** The lowest quantity of CARNE BOVINA (its first price range). */
  minimo: number;
}

async function crearCatalogo(request: APIRequestContext): Promise<Catalogo> {
  const sello = uniqueStamp();
  const nombres: [string, string] = [`Lomo vetado ${sello}`, `Posta negra ${sello}`];
  const proveedor = await createProveedorListoByApi(request, `Frigorífico ${sello}`);
  await registrarProductos(
    request,
    proveedor,
    nombres.map((nombre, i) => ({ sku: `L${i}-${sello}`, nombre, categoria: 'CARNE BOVINA', precio: 9_000 + i * 1_000, stock: 5_000, dias: 90 })),
  );
  await aprobarProductos(request, nombres);
  const rangos: Array<{ categoria_nombre: string; limite_inferior: number }> = await (await request.get('/api/productos/rangosprecios/')).json();
  const minimo = Math.min(...rangos.filter((r) => r.categoria_nombre === 'CARNE BOVINA').map((r) => r.limite_inferior));
  return { sello, nombres, minimo };
}

let catalogo: Promise<Catalogo> | undefined;
const catalogoPropio = (request: APIRequestContext) => (catalogo ??= crearCatalogo(request));

for (const width of [1280, 375]) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('a buyer creates a list by product name, renames it, edits a quantity, sets a reminder, quotes it on /cotizar and deletes it', async ({
      page,
      request,
    }) => {
      const c = await catalogoPropio(request);
      await loginAs(page, 'comprador', '/');
      // 'Mis listas' is in the buyer's menu.
      await openMenu(page);
      await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Mis listas' }).click();
      await expect(page.getByRole('heading', { name: 'Mis listas', level: 1 })).toBeVisible();
      await expect(page.getByText(/Guarda una cotización o una orden como lista/)).toBeVisible();

      // Crear lista: a name and two products found by part of their names.
      await page.getByRole('button', { name: 'Crear lista' }).click();
      await page.getByLabel('Nombre de la lista').fill('Semana');
      for (const [i, nombre] of c.nombres.entries()) {
        // /cotizar's product box: each option with its category and unit.
        await page.getByRole('combobox', { name: 'Agregar un producto' }).fill(`${nombre.split(' ')[0]!.toLowerCase()} ${c.sello.toLowerCase()}`);
        const opcion = page.getByRole('option', { name: new RegExp(`^${nombre}`) });
        await expect(opcion).toContainText('CARNE BOVINA · KILO');
        await opcion.click();
        await page.getByLabel('Cantidad (kg)').fill(String(c.minimo + i));
        await page.getByRole('button', { name: 'Agregar a la lista' }).click();
        await expect(page.getByLabel(`Cantidad de ${nombre}`)).toHaveValue(String(c.minimo + i));
      }
      await shot(page, `listas-crear-${width}`);
      await page.getByRole('button', { name: 'Guardar lista' }).click();
      await expect(page.getByText('Lista «Semana» guardada')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Semana', level: 2 })).toBeVisible();

      // Rename.
      await page.getByRole('button', { name: 'Cambiar nombre' }).click();
      const dialogo = page.getByRole('dialog', { name: 'Cambiar nombre' });
      await dialogo.getByLabel('Nombre de la lista').fill('Semana parrilla');
      await dialogo.getByRole('button', { name: 'Guardar' }).click();
      await expect(page.getByRole('heading', { name: 'Semana parrilla', level: 2 })).toBeVisible();

      // A quantity edited in place: under the category's minimum the server says so under the cell; a valid one stays after a reload.
      const cantidad = page.getByLabel(`Cantidad de ${c.nombres[1]}`);
      await cantidad.fill(String(c.minimo - 1));
      await cantidad.press('Enter');
      await expect(page.getByText(`La cantidad mínima debe ser de ${c.minimo} kg.`)).toBeVisible();
      await cantidad.fill(String(c.minimo + 25));
      const guardada = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/api/listas/'));
      await cantidad.press('Enter');
      expect((await guardada).status()).toBe(200);
      await expect(page.getByText(`La cantidad mínima debe ser de ${c.minimo} kg.`)).toHaveCount(0);

      // The weekly reminder.
      await page.getByLabel('Recordatorio semanal').selectOption({ label: 'Cada lunes' });
      await page.getByLabel('Hora (Chile)').fill('08:00');
      await page.getByRole('button', { name: 'Guardar recordatorio' }).click();
      await expect(page.locator('.recordatorio__texto')).toHaveText('Te enviaremos esta lista cotizada cada lunes a las 08:00');

      await page.reload();
      await expect(page.getByLabel(`Cantidad de ${c.nombres[1]}`)).toHaveValue(String(c.minimo + 25));
      await expect(page.getByText('2 productos · Te enviaremos esta lista cotizada cada lunes a las 08:00')).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expectAccessible(page);
      await shot(page, `listas-${width}`);

      // 'Agregar productos': the same box; what the list already has is found but not offered.
      await page.getByRole('button', { name: 'Agregar productos' }).click();
      const caja = page.getByRole('combobox', { name: 'Agregar un producto' });
      await caja.fill(c.sello.toLowerCase());
      const yaEsta = page.getByRole('option', { name: new RegExp(`^${c.nombres[0]}`) });
      await expect(yaEsta).toContainText('CARNE BOVINA · KILO · ya está en la lista');
      await expect(yaEsta).toBeDisabled();
      // The first result is active; Enter does not take it.
      await expect(caja).toHaveAttribute('aria-activedescendant', (await yaEsta.getAttribute('id'))!);
      await caja.press('Enter');
      await expect(page.getByLabel('Cantidad (kg)')).toHaveCount(0);
      const abierta = (await page.locator('.combobox__list').boundingBox())!;
      expect(abierta.x).toBeGreaterThanOrEqual(0);
      expect(abierta.x + abierta.width).toBeLessThanOrEqual(width);
      await expectAccessible(page);
      await shot(page, `listas-agregar-${width}`);
      await caja.press('Escape');
      await page.getByRole('button', { name: 'Agregar productos' }).click();

      // 'Cotizar esta lista': /cotizar filled with the list's products and quantities.
      await page.getByRole('button', { name: 'Cotizar esta lista' }).click();
      await expect(page).toHaveURL(/\/cotizar$/);
      await expect(page.getByRole('combobox', { name: 'Producto, fila 1' })).toHaveValue(c.nombres[0]);
      await expect(page.getByRole('textbox', { name: 'Cantidad, fila 1' })).toHaveValue(String(c.minimo));
      await expect(page.getByRole('combobox', { name: 'Producto, fila 2' })).toHaveValue(c.nombres[1]);
      await expect(page.getByRole('textbox', { name: 'Cantidad, fila 2' })).toHaveValue(String(c.minimo + 25));

      // Delete, after confirming.
      await page.goto('/listas');
      await page.getByRole('button', { name: 'Eliminar la lista «Semana parrilla»' }).click();
      await page.getByRole('dialog', { name: '¿Deseas eliminar la lista «Semana parrilla»?' }).getByRole('button', { name: 'Eliminar' }).click();
      await expect(page.getByText('Lista «Semana parrilla» eliminada')).toBeVisible();
      await expect(page.getByText(/Guarda una cotización o una orden como lista/)).toBeVisible();
    });
  });
}

test('a supplier opening /listas is sent home and told the page is for buyers', async ({ page }) => {
  await loginAs(page, 'proveedor', '/listas');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Esta página es para compradores.')).toBeVisible();
});
