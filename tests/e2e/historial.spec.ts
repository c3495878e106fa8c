import { expect, type Page, test } from '@playwright/test';
import { createUserByApi, expectAccessible, fillFilaCotizacion, generarCotizacion, loginByApi, shot } from '../fixtures';
import { cotizarPorApi, idsDeProductos, otroNavegador } from './pasos-comprador';

// The account's quotation history on every device, against the real server: a buyer quotes on
// one browser and finds the quotation in /historial on another (a second login of the same
// account), quotes it again from there, and deletes it for both. On phones, an order's
// 'Cotizar de nuevo' and the quotations this browser made without a session.

/** Every URL the page goes through, history changes included: /cotizar may drop `?repetir=` once it has read it. */
function urlsDe(page: Page): string[] {
  const urls: string[] = [];
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) urls.push(f.url());
  });
  return urls;
}

/** 'Cotizar de nuevo' went through `/cotizar?repetir=…`, and /cotizar starts a new quotation with those rows. */
async function expectRepetir(page: Page, urls: string[], repetir: string, filas: Array<[producto: string, cantidad: number]>) {
  // /cotizar drops the parameter once read, so a reload keeps the buyer's edits.
  await expect(page).toHaveURL(/\/cotizar$/);
  expect(urls.map((u) => new URL(u).pathname + new URL(u).search)).toContain(`/cotizar?repetir=${repetir}`);
  for (const [i, [producto, cantidad]] of filas.entries()) {
    await expect(page.getByRole('combobox', { name: `Producto, fila ${i + 1}` })).toHaveValue(producto);
    await expect(page.getByRole('textbox', { name: `Cantidad, fila ${i + 1}` })).toHaveValue(String(cantidad));
  }
  await expect(page.getByRole('combobox', { name: `Producto, fila ${filas.length + 1}` })).toHaveCount(0);
}

test("at 1280 px: a quotation made on one device is in /historial on another, 'Cotizar de nuevo' opens /cotizar filled with it, and a delete holds on both", async ({
  page,
  browser,
}) => {
  const comprador = await createUserByApi(page.request, 'comprador');
  const [lomo, posta] = await idsDeProductos(page.request, ['Lomo vetado', 'Posta negra']);

  // The first device quotes through the screens.
  await loginByApi(page, comprador.email, comprador.password, '/cotizar');
  await fillFilaCotizacion(page, 1, { categoria: ['CARNE BOVINA', 'CARNE BOVINA'], producto: ['Lomo vetado', 'Lomo vetado'] }, 150);
  await fillFilaCotizacion(page, 2, { categoria: ['CARNE BOVINA', 'CARNE BOVINA'], producto: ['Posta negra', 'Posta negra'] }, 120);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(/\/datos-cotizacion$/);
  await page.getByLabel('Nombre de contacto').fill('Cocina Central');
  await page.getByLabel('Correo de contacto').fill('cocina@prueba.cl');
  await page.getByLabel('Teléfono').fill('+56922334455');
  await page.getByLabel('Región', { exact: true }).selectOption({ label: 'Región Metropolitana de Santiago' });
  await page.getByLabel('Comuna').selectOption({ label: 'Ñuñoa' });
  await page.getByRole('button', { name: 'Continuar' }).click();
  await generarCotizacion(page);
  const numero = await page.evaluate(() => JSON.parse(sessionStorage.getItem('cotizacion')!).cotizacion_id as number);

  // The second device: another login of the same account, nothing in its browser.
  const otro = await otroNavegador(browser, 1280);
  await loginByApi(otro, comprador.email, comprador.password, '/historial');
  const tarjeta = otro.getByRole('listitem').filter({ has: otro.getByRole('heading', { name: `Cotización N° ${numero}` }) });
  const tabla = tarjeta.getByRole('table', { name: `Productos de la cotización N° ${numero}` });
  for (const texto of ['CARNE BOVINA', 'Lomo vetado', 'Posta negra', 'Swift', 'KILO', '150', '120']) await expect(tabla).toContainText(texto);
  await expect(otro.getByRole('region', { name: 'En este navegador, sin sesión' })).toHaveCount(0);
  await expectAccessible(otro);
  await shot(otro, 'historial-1280');

  const urls = urlsDe(otro);
  await tarjeta.getByRole('button', { name: `Cotizar de nuevo la cotización N° ${numero}` }).click();
  await expectRepetir(otro, urls, `${lomo}-150,${posta}-120`, [
    ['Lomo vetado', 150],
    ['Posta negra', 120],
  ]);

  // Deleted on the second device, gone from the first.
  await otro.goto('/historial');
  await otro.getByRole('button', { name: `Eliminar la cotización N° ${numero} del historial` }).click();
  await otro.getByRole('dialog', { name: '¿Deseas eliminar esta cotización del historial?' }).getByRole('button', { name: 'Eliminar' }).click();
  await expect(otro.getByText('Cotización eliminada del historial')).toBeVisible();
  await expect(otro.getByText('No hay cotizaciones en tu historial')).toBeVisible();
  await page.goto('/historial');
  await expect(page.getByText('No hay cotizaciones en tu historial')).toBeVisible();
  await expect(page.getByRole('heading', { name: `Cotización N° ${numero}` })).toHaveCount(0);
  await otro.context().close();
});

test("at 375 px: the account's quotations with their order, this browser's without a session below, and an order's 'Cotizar de nuevo'", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const comprador = await createUserByApi(page.request, 'comprador');
  const [lomo, trutro] = await idsDeProductos(page.request, ['Lomo vetado', 'Trutro entero de pollo']);
  const comprada = await cotizarPorApi(
    page.request,
    comprador,
    [
      { producto: lomo!, cantidad: 100 },
      { producto: trutro!, cantidad: 150 },
    ],
    { comprar: true },
  );
  const otra = await cotizarPorApi(page.request, comprador, [
    { producto: trutro!, cantidad: 200 },
    { producto: lomo!, cantidad: 110 },
  ]);

  await loginByApi(page, comprador.email, comprador.password, '/404-vacia');
  // A quotation this browser made before logging in: only it knows of it.
  await page.evaluate(
    (p) =>
      localStorage.setItem(
        'historialCotizaciones',
        JSON.stringify([
          {
            cotizacion_id: 987_654,
            fecha: '2026-11-20T10:00:00.000Z',
            productos: [
              {
                producto: p,
                categoria: 'POLLO',
                origen: 'Chile',
                marca: 'Don Pollo',
                producto_nombre: 'Trutro entero de pollo',
                unidad: 'KILO',
                cantidad: 300,
              },
            ],
          },
        ]),
      ),
    trutro!,
  );
  await page.goto('/historial');
  await expect(page.getByRole('heading', { level: 2, name: /^Cotización N°/ })).toHaveText([
    `Cotización N° ${otra.cotizacionId}`,
    `Cotización N° ${comprada.cotizacionId}`,
    'Cotización N° 987654',
  ]);
  const local = page.getByRole('region', { name: 'En este navegador, sin sesión' });
  await expect(local.getByRole('heading', { name: 'Cotización N° 987654' })).toBeVisible();
  await expect(page.getByRole('link', { name: `Ver la orden N° ${comprada.ordenId}` })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectAccessible(page);
  await shot(page, 'historial-375');

  const urls = urlsDe(page);
  await local.getByRole('button', { name: 'Cotizar de nuevo la cotización N° 987654' }).click();
  await expectRepetir(page, urls, `${trutro}-300`, [['Trutro entero de pollo', 300]]);

  // The order bought from the first quotation, quoted again from its page.
  await page.goto(`/ordenes/${comprada.ordenId}`);
  await expect(page.getByRole('heading', { name: `Orden de compra N° ${comprada.ordenId}` })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shot(page, 'orden-cotizar-de-nuevo-375');
  await page.getByRole('button', { name: 'Cotizar de nuevo' }).click();
  await expectRepetir(page, urls, `${lomo}-100,${trutro}-150`, [
    ['Lomo vetado', 100],
    ['Trutro entero de pollo', 150],
  ]);
});
