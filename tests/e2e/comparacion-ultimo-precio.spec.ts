import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { hoyEnChile } from '#common/fecha';
import { formatDiaCercano } from '#common/format';
import {
  aprobarProductos,
  authHeaders,
  createCompradorConDireccion,
  type E2EProveedor,
  type E2EUser,
  expectAccessible,
  fillFilaCotizacion,
  generarCotizacion,
  loginByApi,
  registrarProductos,
  shot,
  uniqueStamp,
} from '../fixtures';
import { createProveedorListoByApi } from './proveedor-listo';
import { cotizarPorApi } from './pasos-comprador';

// The price paid last time (docs/producto.md §16): a buyer orders, its supplier raises the price,
// and the next quotation shows last time's price beside today's, at 1280 and 375 px. Each test
// makes its own supplier and product, so the prices are known from these numbers alone.

const ANTES = 5_990;
const HOY = 6_290;
const CANTIDAD = 100;

const DIRECCION = {
  nombre_contacto: 'Daniela Araya',
  correo_contacto: 'daniela@prueba.cl',
  telefono_contacto: '+56912345678',
  direccion_envio: 'Av. Providencia 1234',
  region: 13,
  comuna: 13123,
};

interface Mercado {
  proveedor: E2EProveedor;
  comprador: E2EUser;
  producto: { id: number; nombre: string; sku: string };
}

async function mercado(request: APIRequestContext, empresa: string): Promise<Mercado> {
  const sello = uniqueStamp();
  const proveedor = await createProveedorListoByApi(request, `${empresa} ${sello}`);
  const nombre = `Porotos tórtola ${sello}`;
  const sku = `UP-${sello}`;
  await registrarProductos(request, proveedor, [{ sku, nombre, categoria: 'SECOS', precio: ANTES, stock: 2_000, dias: 120 }]);
  const ids = await aprobarProductos(request, [nombre]);
  const comprador = await createCompradorConDireccion(request, DIRECCION);
  return { proveedor, comprador, producto: { id: ids[nombre]!, nombre, sku } };
}

/** /cotizar with the product, the saved address, Generar cotización: the results. */
async function cotizar(page: Page, m: Mercado) {
  await page.goto('/cotizar');
  // The table is painted after the heading (docs/decisions/019): its first row, before filling it.
  await expect(page.getByRole('combobox', { name: 'Producto, fila 1' })).toBeVisible();
  await fillFilaCotizacion(page, 1, { categoria: ['secos', 'SECOS'], producto: [m.producto.nombre.toLowerCase(), m.producto.nombre] }, CANTIDAD);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByLabel('Nombre de contacto')).toHaveValue('Daniela Araya');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await generarCotizacion(page);
}

/** The supplier's new price through the endpoint its inline edit sends (its one lot kept as it is). */
async function cambiarPrecioPorApi(request: APIRequestContext, m: Mercado, tarifa: number) {
  const headers = authHeaders(m.proveedor.access);
  const ofertas: Array<{ id: number; sku: string; stock: Array<{ id: number; cantidad: number; fecha_expiracion: string }> }> = await (
    await request.get('/api/productos/proveedoresproductos/', { headers })
  ).json();
  const oferta = ofertas.find((o) => o.sku === m.producto.sku)!;
  const lote = oferta.stock[0]!;
  const res = await request.patch(`/api/productos/proveedoresproductos/${oferta.id}/`, {
    headers,
    data: { tarifa, fecha_expiracion: lote.fecha_expiracion, cantidad: lote.cantidad, cantidad_anterior: lote.cantidad, stock_id: lote.id },
  });
  expect(res.status(), await res.text()).toBe(200);
}

const hoy = () => formatDiaCercano(hoyEnChile(), hoyEnChile());
const fila = (page: Page, m: Mercado) =>
  // A table row, or on a phone a compact line (docs/decisions/018, 'En el teléfono').
  page.getByRole('region', { name: 'Opciones seleccionadas' }).locator('tbody tr, li').filter({ hasText: m.producto.nombre });
const ULTIMA_VEZ = () => `La última vez: $5.990 el ${hoy()} · ▲ 5\u00a0% más caro`;
const TOTAL_ULTIMA_VEZ = 'Productos que ya compraste+5\u00a0% que la última vez ($599.000 → $629.000)';

test('at 1280 px: the buyer orders, the supplier raises its price on its screen, the next quotation shows last time’s price beside today’s', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const m = await mercado(page.request, 'Legumbres del Maule');
  await loginByApi(page, m.comprador.email, m.comprador.password, '/cotizar');

  // The first time: nothing bought before, nothing to compare.
  await cotizar(page, m);
  await expect(fila(page, m)).toContainText('$5.990');
  await expect(page.getByText(/La última vez/)).toHaveCount(0);
  await expect(page.getByLabel('Total')).not.toContainText('Productos que ya compraste');
  await page.getByRole('button', { name: 'Comprar' }).click();
  await page.getByRole('dialog', { name: 'Datos de facturación' }).getByRole('button', { name: 'No' }).click();
  // $599.000 net, $712.810 with IVA.
  await page.getByRole('button', { name: 'Confirmar compra por $712.810', exact: true }).click();
  await expect(page.getByText(/Número de orden: \d+/)).toBeVisible();

  // The supplier raises the price on its own screen, in its own session.
  const contexto = await browser.newContext();
  const proveedor = await contexto.newPage();
  await loginByApi(proveedor, m.proveedor.email, m.proveedor.password, '/mis-productos-proovedor');
  await proveedor.getByPlaceholder('Buscar producto, SKU, precio, stock o fecha...').fill(m.producto.sku);
  await proveedor.getByRole('button', { name: `Editar ${m.producto.nombre}` }).click();
  const form = proveedor.getByRole('form', { name: `Editar ${m.producto.nombre}` });
  await form.getByLabel('Precio').fill(String(HOY));
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(form).toHaveCount(0);
  await contexto.close();

  // The next quotation: today's price, and last time's beside it; the basket against last time under the total.
  await cotizar(page, m);
  await expect(fila(page, m)).toContainText(`$6.290${ULTIMA_VEZ()}`);
  await expect(page.getByLabel('Total')).toContainText(TOTAL_ULTIMA_VEZ);
  await shot(page, 'resultado-ultimo-precio-1280');
  await expectAccessible(page);
});

test('at 375 px: last time’s price on the card beside today’s, and the basket against it, without side scroll', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 375, height: 740 });
  const m = await mercado(page.request, 'Granos del Ñuble');
  await cotizarPorApi(page.request, m.comprador, [{ producto: m.producto.id, cantidad: CANTIDAD }], { comprar: true, entrega: DIRECCION });
  await cambiarPrecioPorApi(page.request, m, HOY);

  await loginByApi(page, m.comprador.email, m.comprador.password, '/cotizar');
  await cotizar(page, m);
  await expect(fila(page, m)).toContainText(ULTIMA_VEZ());
  await expect(page.getByLabel('Total')).toContainText(TOTAL_ULTIMA_VEZ);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await fila(page, m).scrollIntoViewIfNeeded();
  await shot(page, 'resultado-ultimo-precio-375');
  await page.getByLabel('Total').scrollIntoViewIfNeeded();
  await shot(page, 'resultado-ultimo-precio-total-375');
  await expectAccessible(page);
});
