import { expect, type Page, test } from '@playwright/test';
import { diaMesAnio, hoyEnChile, sumarDias } from '#common/fecha';
import { aprobarProductos, createProveedorByApi, expectAccessible, loginByApi, registrarProductos, shot, uniqueStamp } from '../fixtures';

// One product and one lot by hand on /mis-productos-proovedor (docs/producto.md §17), against the real
// server, as the demo supplier Frigorífico Los Andes. What it adds is named with this run's stamp:
// the catalogue product it offers is one made for the run (another supplier's, approved by the
// e2e moderator), so no other spec's comparison meets it and a retry starts clean.

const PROVEEDOR = { email: 'ventas@frigorificolosandes.cl', password: 'abastece2026' };
const URL = '/mis-productos-proovedor';
/** 'DD-MM-AAAA' `dias` from today in Chile (the server's clock for expiry dates), as the date field is typed. */
const enDias = (dias: number) => diaMesAnio(sumarDias(hoyEnChile(), dias));
const filas = (page: Page) => page.getByRole('table', { name: 'Listado de Productos' }).locator('tbody tr');
const buscar = (page: Page, texto: string) => page.getByPlaceholder('Buscar producto, SKU, precio, stock o fecha...').fill(texto);

/** A catalogue product nobody but a helper supplier offers: its name carries `sello`. */
async function productoDelCatalogo(page: Page, sello: string) {
  const nombre = `Charqui ${sello}`;
  const otro = await createProveedorByApi(page.request, `Charquería ${sello}`);
  await registrarProductos(page.request, otro, [{ sku: `CH-${sello}`, nombre, categoria: 'SECOS', precio: 9000, stock: 50, dias: 60 }]);
  await aprobarProductos(page.request, [nombre]);
  return nombre;
}

for (const [ancho, alto] of [
  [1280, 800],
  [375, 740],
] as const) {
  test.describe(`at ${ancho} px`, () => {
    test.use({ viewport: { width: ancho, height: alto } });

    test('adds a catalogue product, a new one for moderation and a lot, and sees them in the list', async ({ page }) => {
      // Three modals, two approvals and axe twice, on a machine shared with other suites.
      test.setTimeout(120_000);
      const sello = uniqueStamp();
      const existente = await productoDelCatalogo(page, sello);
      await loginByApi(page, PROVEEDOR.email, PROVEEDOR.password, URL);
      // The list's chunk and the demo supplier's 100-odd rows, on a machine that may be busy.
      await expect(filas(page).first()).toBeVisible({ timeout: 30_000 });

      // A catalogue product: searched by name, an offer at once.
      await page.getByRole('button', { name: 'Agregar producto' }).click();
      const dialogo = page.getByRole('dialog', { name: 'Agregar producto' });
      await dialogo.getByRole('combobox', { name: 'Busca el producto en el catálogo' }).fill(sello);
      await page.getByRole('option', { name: new RegExp(`^${existente}`) }).click();
      await dialogo.getByLabel('SKU').fill(`AP-${sello}`);
      await dialogo.getByLabel('Precio').fill('8.990');
      await dialogo.getByLabel('Desde 100 kg').fill('8.500');
      await dialogo.getByLabel('Cantidad (kg)').fill('120');
      await dialogo.getByLabel('Fecha de vencimiento').fill(enDias(1));
      await shot(page, `proveedor-agregar-existente-${ancho}`);
      await expectAccessible(page);
      // Today is not after today: the upload's rule, said before anything is sent.
      await dialogo.getByLabel('Fecha de vencimiento').fill(enDias(0));
      await dialogo.getByRole('button', { name: 'Agregar producto' }).click();
      await expect(dialogo.getByText('La fecha de vencimiento debe ser futura.')).toBeVisible();
      await dialogo.getByLabel('Fecha de vencimiento').fill(enDias(40));
      await dialogo.getByRole('button', { name: 'Agregar producto' }).click();
      await expect(page.getByText(`${existente} (SKU AP-${sello}) ya está en tu listado y en las cotizaciones.`)).toBeVisible();
      await expect(dialogo).toHaveCount(0);

      // A name the catalogue does not have: a new product, pending.
      const nuevo = `Cecina ${sello}`;
      await page.getByRole('button', { name: 'Agregar producto' }).click();
      await dialogo.getByRole('combobox', { name: 'Busca el producto en el catálogo' }).fill(nuevo);
      await dialogo.getByRole('button', { name: 'Crear un producto nuevo' }).click();
      await expect(dialogo.getByLabel('Nombre')).toHaveValue(nuevo);
      await dialogo.getByLabel('Categoría').selectOption('CERDO');
      await dialogo.getByLabel('Unidad').selectOption('CAJA');
      await dialogo.getByLabel('Marca').fill('Cecinas del Maule');
      await dialogo.getByLabel('Origen').fill('Chile');
      await dialogo.getByLabel('SKU').fill(`NP-${sello}`);
      await dialogo.getByLabel('Precio').fill('24.990');
      await dialogo.getByLabel('Cantidad (cajas)').fill('15');
      await dialogo.getByLabel('Fecha de vencimiento').fill(enDias(90));
      await shot(page, `proveedor-agregar-nuevo-${ancho}`);
      await dialogo.getByRole('button', { name: 'Agregar producto' }).click();
      await expect(page.getByText(`Enviamos ${nuevo} a revisión.`, { exact: false })).toBeVisible();
      await expect(dialogo).toHaveCount(0);

      // Both in the list, the new one marked as pending.
      await buscar(page, sello);
      await expect(filas(page)).toHaveCount(2);
      await expect(filas(page).filter({ hasText: existente })).toContainText('120');
      await expect(filas(page).filter({ hasText: nuevo })).toContainText('En revisión');

      // A lot on the catalogue product's offer: a second row under it.
      await page.getByRole('button', { name: `Agregar lote a ${existente} (AP-${sello})` }).click();
      const lote = page.getByRole('dialog', { name: 'Agregar lote' });
      await lote.getByLabel('Cantidad (kg)').fill('35,5');
      await lote.getByLabel('Fecha de vencimiento').fill(enDias(75));
      await shot(page, `proveedor-agregar-lote-${ancho}`);
      await expectAccessible(page);
      await lote.getByRole('button', { name: 'Agregar lote' }).click();
      await expect(page.getByText(`Lote de 35,5 kg con vencimiento el`, { exact: false })).toBeVisible();
      await expect(lote).toHaveCount(0);
      await expect(filas(page).filter({ hasText: existente })).toHaveCount(2);
      await expect(filas(page).filter({ hasText: '35,5' })).toHaveCount(1);
      await shot(page, `proveedor-agregar-lista-${ancho}`);
    });
  });
}
