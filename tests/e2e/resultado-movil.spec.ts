import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  aprobarProductos,
  createCompradorConDireccion,
  expectAccessible,
  generarCotizacion,
  loginByApi,
  registrarProductos,
  shot,
  uniqueStamp,
} from '../fixtures';
import { createProveedorListoByApi, guardarCondicionesByApi } from './proveedor-listo';

// The results of a 12-line quotation from a phone (docs/decisions/018, 'En el teléfono'), against the
// real server: four suppliers, each the cheapest for three of the twelve products (all four sell all
// twelve, so every line has alternatives), a $4.990 fee and a $20.000 minimum each; a fifth supplier
// that does not deliver to the buyer's comuna, so the results carry a notice.

const PROVIDENCIA = { region: 13, comuna: 13123 };
const SANTIAGO = 13101;
const PRODUCTOS = [
  'Arroz grado 1',
  'Harina sin polvos de hornear',
  'Azúcar granulada',
  'Aceite vegetal',
  'Lenteja castellana',
  'Garbanzo pardo',
  'Poroto coscorrón',
  'Avena en hojuelas',
  'Sal de mar fina',
  'Fideo spaghetti',
  'Tomate triturado',
  'Café de grano tostado',
];
const ALTO = 812;

/** The market and a buyer in Providencia, logged in on /cotizar with the twelve lines (100 kg each, the least a line takes), through to the results. */
async function resultadoDeDoceLineas(page: Page) {
  const request: APIRequestContext = page.request;
  const sello = uniqueStamp();
  const proveedores = await Promise.all(
    ['Distribuidora Andes', 'Comercial Maipo', 'Abarrotes del Sur', 'Mayorista Central', 'Almacén Norte'].map((e) =>
      createProveedorListoByApi(request, `${e} ${sello}`),
    ),
  );
  const nombres = PRODUCTOS.map((p) => `${p} ${sello}`);
  const fila = (k: number, s: number, producto?: number) => ({
    categoria: 'SECOS',
    nombre: nombres[k]!,
    sku: `M${s}-${k}-${sello}`,
    // Cheapest at supplier ⌊k / 3⌋.
    precio: 1_000 + 100 * k + (Math.floor(k / 3) === s ? 0 : 300),
    stock: 1_000,
    dias: 120,
    marca: `Campo ${sello}`,
    ...(producto ? { producto } : {}),
  });
  await registrarProductos(
    request,
    proveedores[0]!,
    nombres.map((_, k) => fila(k, 0)),
  );
  const ids = await aprobarProductos(request, nombres);
  for (const s of [1, 2, 3, 4])
    await registrarProductos(
      request,
      proveedores[s]!,
      nombres.map((n, k) => fila(k, s, ids[n])),
    );
  for (const p of proveedores.slice(0, 4)) await guardarCondicionesByApi(request, p, { costo_despacho: 4_990, monto_minimo: 20_000 });
  await guardarCondicionesByApi(request, proveedores[4]!, { comunas: [SANTIAGO] });

  const comprador = await createCompradorConDireccion(request, {
    nombre_contacto: 'Restorán Central',
    correo_contacto: 'compras@central.cl',
    telefono_contacto: '+56912345678',
    direccion_envio: 'Av. Providencia 1234',
    ...PROVIDENCIA,
  });
  await loginByApi(page, comprador.email, comprador.password, `/cotizar?repetir=${nombres.map((n) => `${ids[n]}-100`).join(',')}`);
  await expect(page.getByRole('textbox', { name: 'Cantidad, fila 12' })).toHaveValue('100');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(/\/datos-cotizacion$/);
  await expect(page.getByLabel('Nombre de contacto')).toHaveValue('Restorán Central');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await generarCotizacion(page);
  return { proveedores };
}

const barra = (page: Page) => page.getByRole('region', { name: 'Resumen de la compra' });

/** The bar wholly inside the window. */
async function expectBarraEnVista(page: Page) {
  const caja = (await barra(page).boundingBox())!;
  const alto = page.viewportSize()!.height;
  expect(caja.y).toBeGreaterThanOrEqual(0);
  expect(caja.y + caja.height).toBeLessThanOrEqual(alto);
}

async function irA(page: Page, y: number) {
  await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
}

/** With E2E_SCREENSHOTS=1, the whole page too (shot() takes only the window on a phone). */
async function paginaEntera(page: Page, nombre: string) {
  if (process.env.E2E_SCREENSHOTS === '1') await page.screenshot({ path: `.tmp/screens/${nombre}.png`, fullPage: true });
}

test.describe('results of a 12-line quotation', () => {
  test.setTimeout(120_000);

  test.describe('at 375 px', () => {
    test.use({ viewport: { width: 375, height: ALTO } });

    test('fit in 4 screens, keep the bar with the total and Comprar in view at the top, middle and bottom, and buy from it', async ({ page }) => {
      const { proveedores } = await resultadoDeDoceLineas(page);
      const seleccion = page.getByRole('region', { name: 'Opciones seleccionadas' });
      await expect(seleccion.getByRole('listitem')).toHaveCount(12);
      for (const p of proveedores.slice(0, 4)) await expect(page.getByRole('heading', { name: p.empresa })).toBeVisible();
      await expect(page.getByText('1 aviso', { exact: true })).toBeVisible();
      await expect(page.getByText('1 proveedor no despacha a tu comuna')).toBeHidden();

      await paginaEntera(page, 'resultado-movil-completo-375');
      const alto = await page.evaluate(() => document.documentElement.scrollHeight);
      expect(alto).toBeLessThanOrEqual(4 * ALTO);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

      await expectBarraEnVista(page);
      await expect(barra(page)).toContainText('Total');
      await shot(page, 'resultado-movil-arriba-375');
      await irA(page, (alto - ALTO) / 2);
      await expectBarraEnVista(page);
      await shot(page, 'resultado-movil-medio-375');
      await irA(page, alto);
      await expectBarraEnVista(page);
      // At the end of the page the bar sits under the last content, not over it.
      const volver = (await page.getByRole('button', { name: 'Volver' }).boundingBox())!;
      expect(volver.y + volver.height).toBeLessThanOrEqual((await barra(page).boundingBox())!.y);
      await shot(page, 'resultado-movil-abajo-375');

      // One tap opens the notices, another a line's details.
      await page.getByText('1 aviso', { exact: true }).click();
      await expect(page.getByText('1 proveedor no despacha a tu comuna')).toBeVisible();
      const primera = seleccion.getByRole('listitem').first();
      await primera.getByText('Detalles', { exact: false }).click();
      await expect(primera.getByText('Marca')).toBeVisible();
      await expect(primera.getByRole('button', { name: /^Ver alternativas a / })).toBeEnabled();
      await shot(page, 'resultado-movil-detalles-375');
      await expectAccessible(page);

      await irA(page, 0);
      const actualizar = page.waitForResponse((r) => r.url().includes('/actualizar/') && r.request().method() === 'PUT');
      await barra(page).getByRole('button', { name: 'Comprar' }).click();
      expect((await actualizar).status()).toBe(200);
      await expect(page).toHaveURL(/\/facturacion$/);
      await page.getByRole('dialog', { name: 'Datos de facturación' }).getByRole('button', { name: 'No' }).click();
      await page.getByRole('button', { name: /^Confirmar compra por / }).click();
      await expect(page).toHaveURL(/\/confirmacion$/);
      await expect(page.getByText(/Número de orden: \d+/)).toBeVisible();
      const pedidos = page.getByRole('list', { name: 'Pedidos de la orden' });
      for (const p of proveedores.slice(0, 4)) await expect(pedidos).toContainText(p.empresa);
    });
  });

  test('at 1280 px the bar with the total and Comprar is in view without scrolling', async ({ page }) => {
    await resultadoDeDoceLineas(page);
    await expect(page.getByRole('region', { name: 'Opciones seleccionadas' }).getByRole('table')).toHaveCount(4);
    await irA(page, 0);
    await expectBarraEnVista(page);
    await expect(barra(page).getByRole('button', { name: 'Comprar' })).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Comprar' })).toHaveCount(1);
    await shot(page, 'resultado-barra-1280');
    if (process.env.E2E_SCREENSHOTS === '1') await page.screenshot({ path: '.tmp/screens/resultado-barra-ventana-1280.png' });
    await expectAccessible(page);
  });
});
