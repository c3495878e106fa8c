import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { formatClp } from '#common/format';
import type { PedidoDetalle } from '#common/schemas/pedidos';
import { authHeaders, expectAccessible, loginByApi, shot } from '../fixtures';
import { otroNavegador } from './pasos-comprador';
import { expectMontosFinales, pedidoDeUnProveedor } from './pasos-entrega';

// After the truck arrives (docs/producto.md §18): a pedido its supplier confirmed for 80 of 100 kg and
// delivered (set up through the API); its buyer reports 5 kg damaged in the browser, which opens a
// claim; the supplier accepts a credit in the browser; both pages show the claim, the credit and the
// pedido's final Neto, IVA and Total.

const PRECIO = 9990;
const CREDITO = 40_000;

/** A new supplier's product, a buyer's 100 kg order of it, confirmed for 80 kg, dispatched and delivered. */
async function pedidoEntregado(request: APIRequestContext) {
  const {
    proveedor,
    comprador,
    ordenId,
    pedidoId: id,
  } = await pedidoDeUnProveedor(request, {
    empresa: 'Carnes',
    producto: 'Lomo liso',
    sku: 'REC',
    precio: PRECIO,
    cantidad: 100,
  });
  const deProveedor = authHeaders(proveedor.access);
  const lineas: PedidoDetalle['lineas'] = (await (await request.get(`/api/pedidos/${id}/`, { headers: deProveedor })).json()).lineas;
  const pasos = [{ estado: 'confirmado', lineas: [{ id: lineas[0]!.id, cantidad: 80 }] }, { estado: 'despachado' }, { estado: 'entregado' }];
  for (const data of pasos) {
    const res = await request.post(`/api/pedidos/${id}/estado/`, { headers: deProveedor, data });
    expect(res.status(), await res.text()).toBe(200);
  }
  const pedido: PedidoDetalle = await (await request.get(`/api/pedidos/${id}/`, { headers: deProveedor })).json();
  return { proveedor, comprador, ordenId, pedido };
}

async function expectNoSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
}

for (const width of [1280, 375]) {
  test(`at ${width} px: the buyer reports 5 kg damaged, the supplier accepts a credit, both see the claim, the credit and the final Neto, IVA and Total`, async ({
    page,
    browser,
    request,
  }) => {
    // Two people, two browsers and a set-up through the API: longer than a one-screen journey.
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    const { proveedor, comprador, ordenId, pedido } = await pedidoEntregado(request);
    const linea = pedido.lineas[0]!;
    // What the supplier confirmed: 80 kg once partial confirmation applies, all of it otherwise.
    const confirmada = linea.cantidad_confirmada ?? linea.cantidad;
    const reclamado = 5 * PRECIO;

    // The buyer, on its order: the receipt's window, the form prefilled with what was confirmed, the claim priced live.
    await loginByApi(page, comprador.email, comprador.password, `/ordenes/${ordenId}`);
    const tarjeta = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: new RegExp(`^Pedido N° ${pedido.id} `) }) });
    await expect(tarjeta.getByText(/Registra lo que recibiste hasta el/)).toBeVisible();
    await tarjeta.getByRole('button', { name: 'Registrar recepción' }).click();
    const modal = page.getByRole('dialog', { name: `Registrar recepción del pedido N° ${pedido.id}` });
    const recibido = modal.getByLabel('Recibido (kg)');
    await expect(recibido).toHaveValue(String(confirmada));
    await recibido.fill(String(confirmada - 5));
    await expect(modal.getByText(/Reclamo al proveedor:/)).toHaveText(`Reclamo al proveedor: ${formatClp(reclamado)} (neto)`);
    await modal.getByRole('button', { name: 'Registrar recepción' }).click();
    await expect(modal.getByText('Indica el problema de la línea.')).toBeVisible();
    await modal.getByLabel('Problema').selectOption({ label: 'Dañado' });
    await modal.getByLabel('Comentario (opcional)').fill('Cajas aplastadas en el camión');
    await shot(page, `recepcion-formulario-${width}`);
    await modal.getByRole('button', { name: 'Registrar recepción' }).click();
    await expect(modal).toBeHidden();
    await expect(tarjeta.getByText(`Reclamo abierto por ${formatClp(reclamado)}`)).toBeVisible();
    await expect(tarjeta.getByRole('list', { name: `Lo recibido del pedido N° ${pedido.id}` })).toContainText(
      `Recibido ${confirmada - 5} kg de ${confirmada} kg · Dañado`,
    );
    await expect(tarjeta.getByRole('button', { name: 'Registrar recepción' })).toHaveCount(0);
    await expectNoSideScroll(page);
    await shot(page, `recepcion-comprador-abierto-${width}`);

    // The supplier, on its pedido: what arrived, the claim, and a credit below the amount.
    const pp = await otroNavegador(browser, width);
    await loginByApi(pp, proveedor.email, proveedor.password, `/pedidos-recibidos/${pedido.id}`);
    const seccion = pp.getByRole('region', { name: 'Recepción y reclamo' });
    await expect(seccion).toContainText('Cajas aplastadas en el camión');
    await expect(seccion.getByText(`Reclamo abierto por ${formatClp(reclamado)}`)).toBeVisible();
    await expectAccessible(pp);
    await seccion.getByRole('button', { name: 'Aceptar reclamo' }).click();
    const aceptar = pp.getByRole('dialog', { name: `Aceptar reclamo del pedido N° ${pedido.id}` });
    await expect(aceptar.getByLabel('Crédito (neto)')).toHaveValue(String(reclamado));
    await aceptar.getByLabel('Crédito (neto)').fill(String(reclamado + 1));
    await aceptar.getByRole('button', { name: 'Aceptar reclamo' }).click();
    await expect(aceptar.getByText('El crédito no puede superar el monto reclamado.')).toBeVisible();
    await aceptar.getByLabel('Crédito (neto)').fill('40.000');
    await aceptar.getByRole('button', { name: 'Aceptar reclamo' }).click();
    await expect(aceptar).toBeHidden();
    await expect(seccion.getByText(`Crédito aceptado: ${formatClp(CREDITO)}`)).toBeVisible();
    await expectMontosFinales(pp.getByLabel(`Monto final del pedido N° ${pedido.id}`), pedido.total, CREDITO);
    await expect(pp.getByRole('list', { name: `Historial del pedido N° ${pedido.id}` })).toContainText('Reclamo aceptado');
    await expectNoSideScroll(pp);
    await shot(pp, `recepcion-proveedor-aceptado-${width}`);
    await pp.goto('/pedidos-recibidos');
    await expect(
      pp
        .locator('tbody tr')
        .filter({ hasText: String(pedido.id) })
        .first(),
    ).toContainText('Reclamo aceptado');

    // The buyer reads the same: the credit and the final amounts.
    await page.reload();
    await expect(tarjeta.getByText(`Crédito aceptado: ${formatClp(CREDITO)}`)).toBeVisible();
    await expectMontosFinales(page.getByLabel(`Monto final del pedido N° ${pedido.id}`), pedido.total, CREDITO);
    await expectNoSideScroll(page);
    await shot(page, `recepcion-comprador-aceptado-${width}`);
    await pp.context().close();
  });
}
