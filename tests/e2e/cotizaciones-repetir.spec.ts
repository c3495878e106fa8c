import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { accessToken, aprobarProductos, authHeaders, E2E_MODERADOR, expectAccessible, registrarProductos, shot, uniqueStamp } from '../fixtures';
import { createProveedorListoByApi } from './proveedor-listo';

// Buying again on /cotizar (docs/producto.md §16), against the real server: the product box finds
// any product by name without choosing its category first, and 'Cotizar de nuevo' (a link to
// /cotizar?repetir=…) opens a new quotation with those lines, naming what is no longer sold.
// At 375 px a row's category and origin are folded (docs/decisions/018-flujos-y-avisos.md): still the row's, out of sight.

interface Catalogo {
  sello: string;
  /** Approved: buyers can quote it. */
  vetado: { id: number; nombre: string };
  /** Rejected by the moderator: never offered. */
  rechazado: { id: number; nombre: string };
}

async function crearCatalogo(request: APIRequestContext): Promise<Catalogo> {
  const sello = uniqueStamp();
  const vetado = `Lomo vetado ${sello}`;
  const rechazado = `Lomo rechazado ${sello}`;
  const fila = (nombre: string, sku: string) => ({ sku: `${sku}-${sello}`, nombre, categoria: 'CARNE BOVINA', precio: 9_000, stock: 1_000, dias: 90 });
  const proveedor = await createProveedorListoByApi(request, `Frigorífico ${sello}`);
  await registrarProductos(request, proveedor, [fila(vetado, 'LV'), fila(rechazado, 'LR')]);
  const { [vetado]: idVetado } = await aprobarProductos(request, [vetado]);
  const headers = authHeaders(await accessToken(request, E2E_MODERADOR));
  const pendientes: Array<{ id: number; nombre: string }> = await (await request.get('/api/productos/productos-pendientes/', { headers })).json();
  const idRechazado = pendientes.find((p) => p.nombre === rechazado)!.id;
  const res = await request.post('/api/productos/moderar-producto/', { headers, data: { producto_id: idRechazado, accion: 'rechazar', motivo: 'Duplicado' } });
  expect(res.status(), await res.text()).toBe(200);
  return { sello, vetado: { id: idVetado!, nombre: vetado }, rechazado: { id: idRechazado, nombre: rechazado } };
}

let catalogo: Promise<Catalogo> | undefined;
const catalogoPropio = (request: APIRequestContext) => (catalogo ??= crearCatalogo(request));

const producto = (page: Page, n: number) => page.getByRole('combobox', { name: `Producto, fila ${n}` });

for (const width of [1280, 375]) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('the product box finds a product by name, accents, case and word order aside, and choosing it fills its category', async ({ page, request }) => {
      const c = await catalogoPropio(request);
      await page.goto('/cotizar');
      const caja = producto(page, 1);
      await caja.click();
      await caja.fill('v');
      await expect(page.locator('.combobox__list')).toContainText('Escribe al menos 2 caracteres para buscar.');
      await caja.fill(`${c.sello.toUpperCase()} vetádo lomo`);
      const opcion = page.getByRole('option', { name: new RegExp(`^${c.vetado.nombre}`) });
      await expect(opcion).toContainText('CARNE BOVINA · KILO');
      // The open list is whole on screen, and readable by a screen reader (axe over the open list too).
      const caja1 = (await page.locator('.combobox__list').boundingBox())!;
      expect(caja1.y).toBeGreaterThanOrEqual(0);
      expect(caja1.y + caja1.height).toBeLessThanOrEqual(800);
      await expectAccessible(page);
      await shot(page, `cotizar-busqueda-${width}`);
      // Keyboard: the first result is active; Enter picks it.
      await expect(caja).toHaveAttribute('aria-activedescendant', (await opcion.getAttribute('id'))!);
      await caja.press('Enter');
      await expect(caja).toHaveValue(c.vetado.nombre);
      await expect(page.getByRole('combobox', { name: 'Categoría, fila 1', includeHidden: true })).toHaveValue('CARNE BOVINA');
      await expect(page.getByRole('combobox', { name: 'Origen, fila 1', includeHidden: true })).toHaveValue('Chile');

      // A product the moderator rejected is never offered.
      await page.getByRole('button', { name: '+ Agregar producto' }).click();
      await producto(page, 2).click();
      await producto(page, 2).fill(`lomo rechazado ${c.sello}`);
      await expect(page.locator('.combobox__list')).toContainText('Ningún producto se llama así.');
      const lista = (await page.locator('.combobox__list').boundingBox())!;
      expect(lista.y).toBeGreaterThanOrEqual(0);
      expect(lista.y + lista.height).toBeLessThanOrEqual(800);
    });

    test('Cotizar de nuevo opens a new quotation with the lines still sold and names the one that is not', async ({ page, request }) => {
      const c = await catalogoPropio(request);
      await page.goto(`/cotizar?repetir=${c.vetado.id}-40,${c.rechazado.id}-3`);
      await expect(page.getByText(`Este producto ya no se vende y no se agregó: el producto N° ${c.rechazado.id}.`)).toBeVisible();
      await expect(producto(page, 1)).toHaveValue(c.vetado.nombre);
      await expect(page.getByRole('combobox', { name: 'Categoría, fila 1', includeHidden: true })).toHaveValue('CARNE BOVINA');
      await expect(page.getByRole('textbox', { name: 'Cantidad, fila 1' })).toHaveValue('40');
      await expect(producto(page, 2)).toHaveCount(0);
      // The parameter is gone: a reload keeps the buyer's edits, not the link's lines.
      await expect(page).toHaveURL(/\/cotizar$/);
      await expectAccessible(page);
      await shot(page, `cotizar-repetir-${width}`);
      await page.getByRole('textbox', { name: 'Cantidad, fila 1' }).fill('150');
      await page.reload();
      await expect(page.getByRole('textbox', { name: 'Cantidad, fila 1' })).toHaveValue('150');
      await expect(page.getByText('ya no se vende')).toHaveCount(0);
    });
  });
}
