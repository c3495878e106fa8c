import { type APIRequestContext, expect, test } from '@playwright/test';
import { authHeaders, buildProductoNuevo, createUserByApi, E2E_MODERADOR, expectAccessible, loginByApi, readMailLink, shot } from '../fixtures';
import { cotizarPorApi, idsDeProductos, otroNavegador } from './pasos-comprador';
import { createProveedorListoByApi } from './proveedor-listo';

// A supplier that has 80 of the 100 kg ordered confirms 80 in the browser (docs/decisions/026
// §Confirmación parcial); the buyer reads 'Confirmado parcial', both quantities and the new total on
// its order. A new supplier with a product of its own, approved by the e2e moderator, so no other
// spec's comparison sees it, and a new buyer who orders 100 kg through the API.

const PRECIO = 9_990;

async function escenario(request: APIRequestContext) {
  const sello = `${Date.now()}`.slice(-7) + `${Math.floor(Math.random() * 100)}`.padStart(2, '0');
  const producto = `Lomo vetado ${sello}`;
  const proveedor = await createProveedorListoByApi(request, `Carnes del Sur ${sello}`);
  const fila = buildProductoNuevo({ sku: `PAR-${sello}`, nombre: producto, categoria: 'CARNE BOVINA', precio: PRECIO, stock: 500, dias: 120 });
  const alta = await request.post('/api/productos/registrar-nuevos/', { headers: authHeaders(proveedor.access), data: { productos: [fila] } });
  expect(alta.status(), await alta.text()).toBe(201);

  const moderador = (await (await request.post('/auth/jwt/create/', { data: E2E_MODERADOR })).json()).access as string;
  const pendientes: Array<{ id: number; nombre: string }> = await (
    await request.get('/api/productos/productos-pendientes/', { headers: authHeaders(moderador) })
  ).json();
  const aprobado = await request.post('/api/productos/moderar-producto/', {
    headers: authHeaders(moderador),
    data: { producto_id: pendientes.find((p) => p.nombre === producto)!.id, accion: 'aprobar' },
  });
  expect(aprobado.status(), await aprobado.text()).toBe(200);

  const comprador = await createUserByApi(request, 'comprador');
  const [id] = await idsDeProductos(request, [producto]);
  const { ordenId } = await cotizarPorApi(request, comprador, [{ producto: id!, cantidad: 100 }], { comprar: true });
  const pedidoId = Number((await readMailLink(proveedor.email, 'pedidos-recibidos')).match(/\/pedidos-recibidos\/(\d+)/)![1]);
  return { proveedor, comprador, producto, ordenId: ordenId!, pedidoId };
}

for (const width of [1280, 375]) {
  test(`at ${width} px: a supplier confirms 80 of 100 kg; the buyer's order reads 'Confirmado parcial', 100 and 80 and the new total`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    const e = await escenario(page.request);

    const proveedor = await otroNavegador(browser, width);
    await loginByApi(proveedor, e.proveedor.email, e.proveedor.password, `/pedidos-recibidos/${e.pedidoId}`);
    await proveedor.getByRole('button', { name: 'Confirmar con otras cantidades' }).click();
    const dialogo = proveedor.getByRole('dialog', { name: `Confirmar con otras cantidades N° ${e.pedidoId}` });
    const cantidad = dialogo.getByLabel(`${e.producto} (Campo Austral) · kg`);
    await expect(cantidad).toHaveValue('100');
    await expect(dialogo.getByText('Productos:')).toContainText('$999.000');
    await cantidad.fill('120');
    await dialogo.getByRole('button', { name: 'Confirmar pedido' }).click();
    await expect(dialogo.getByText('No puedes confirmar más de lo pedido (100 kg).')).toBeVisible();
    await cantidad.fill('80');
    await expect(dialogo.getByText('Productos:')).toContainText('$799.200');
    await shot(proveedor, `confirmacion-parcial-modal-${width}`);
    await dialogo.getByRole('button', { name: 'Confirmar pedido' }).click();
    await expect(proveedor.getByText('Pedido confirmado con las cantidades indicadas.')).toBeVisible();
    await expect(proveedor.getByRole('heading', { level: 1, name: `Pedido N° ${e.pedidoId} Confirmado parcial` })).toBeVisible();
    await expect(proveedor.getByText(`Motivo: Confirmado parcial: ${e.producto} 80 de 100 kg`)).toBeVisible();
    await proveedor.getByRole('table', { name: `Productos del pedido N° ${e.pedidoId}` }).scrollIntoViewIfNeeded();
    await shot(proveedor, `confirmacion-parcial-proveedor-${width}`);
    await proveedor.context().close();

    await loginByApi(page, e.comprador.email, e.comprador.password, `/ordenes/${e.ordenId}`);
    const pedido = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: new RegExp(`^Pedido N° ${e.pedidoId} `) }) });
    await expect(pedido.locator('.estado-pedido')).toHaveText('Confirmado parcial');
    const tabla = pedido.getByRole('table', { name: `Productos del pedido N° ${e.pedidoId}` });
    await expect(tabla).toContainText('100 kg');
    await expect(tabla).toContainText('80 kg');
    await expect(pedido.getByText('Productos:')).toHaveText('Productos: $799.200');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await tabla.scrollIntoViewIfNeeded();
    await shot(page, `confirmacion-parcial-orden-${width}`);
    await expectAccessible(page);
  });
}
