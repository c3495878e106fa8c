import fs from 'node:fs';
import * as XLSX from '@e965/xlsx';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { diaMesAnio, hoyEnChile } from '#common/fecha';
import { formatClp, formatDiaLargo } from '#common/format';
import { conIva } from '#common/iva';
import type { PedidoDetalle } from '#common/schemas/pedidos';
import { authHeaders, expectAccessible, loginByApi } from '../fixtures';
import { otroNavegador } from './pasos-comprador';
import { expectMontosFinales, type PedidoDeUnProveedor, pedidoDeUnProveedor } from './pasos-entrega';

// An order's whole life after the truck arrives (docs/producto.md §18), through the screens of both
// parties: its supplier confirms 80 of the 100 kg ordered, dispatches and delivers; the buyer reads
// both quantities, then records 5 kg damaged; the supplier accepts the claim as a credit; both read
// the claim, the credit and the final Neto, IVA and Total; the supplier records its invoice and the
// payment; both print the purchase order and download their Excel with the final amounts. Only the
// set-up goes through the API: a new supplier with a product of its own and a buyer's order of 100 kg.

const PRECIO = 9_990;
const PEDIDO = 100;
const CONFIRMADO = 80;
const DANADO = 5;
const FACTURA = '7712';

const escenario = (request: APIRequestContext) =>
  pedidoDeUnProveedor(request, { empresa: 'Carnes Entrega', producto: 'Posta negra', sku: 'ENT', precio: PRECIO, cantidad: PEDIDO });

/** A screenshot of this step into .tmp/screens/38/ (E2E_SCREENSHOTS=1), named for the page and the width. */
async function foto(page: Page, paso: string) {
  if (process.env.E2E_SCREENSHOTS !== '1') return;
  const width = page.viewportSize()!.width;
  await page.screenshot({ path: `.tmp/screens/38/${paso}-${width}.png`, fullPage: true });
}

/** What a user on this page may expect of it: axe clean, and at phone width no sideways scroll. */
async function expectPaginaSana(page: Page) {
  await expectAccessible(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
}

/** What 'Próximo paso' tells the supplier now. */
const proximoPaso = (page: Page) => page.getByRole('region', { name: 'Próximo paso' }).getByRole('paragraph').first();

/** The supplier answers the question behind a move's button ('Marcar como despachado', …) and waits for the new state. */
async function mover(page: Page, boton: string, estado: string, pedidoId: number, pregunta: string) {
  await page.getByRole('region', { name: 'Próximo paso' }).getByRole('button', { name: boton }).click();
  const dialogo = page.getByRole('dialog', { name: boton });
  await expect(dialogo).toContainText(pregunta);
  await dialogo.getByRole('button', { name: boton }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Pedido N° ${pedidoId} ${estado}` })).toBeVisible();
}

/** Today, as the export form's date fields take it. */
const hoyEnCampo = () => diaMesAnio(hoyEnChile());

/** Downloads today's range of the Excel form on this page; each sheet's rows keyed by its headers. */
async function descargarHoy(page: Page): Promise<Record<string, Array<Record<string, unknown>>>> {
  const formulario = page.getByRole('form', { name: /^Descargar .* en Excel$/ });
  await formulario.getByLabel('Desde', { exact: true }).fill(hoyEnCampo());
  await formulario.getByLabel('Hasta', { exact: true }).fill(hoyEnCampo());
  const [download] = await Promise.all([page.waitForEvent('download'), formulario.getByRole('button', { name: 'Descargar Excel' }).click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`-${hoyEnChile()}-a-${hoyEnChile()}\\.xlsx$`));
  const wb = XLSX.read(fs.readFileSync((await download.path())!), { type: 'buffer' });
  return Object.fromEntries(wb.SheetNames.map((n) => [n, XLSX.utils.sheet_to_json<Record<string, unknown>>(wb.Sheets[n]!)]));
}

/** The print view of the pedido: 'Orden de compra N° {orden}-1' with its final amounts. */
async function expectOrdenDeCompra(page: Page, e: PedidoDeUnProveedor, netoAntes: number, credito: number, paso: string) {
  await expect(page).toHaveURL(`/pedidos/${e.pedidoId}/orden-de-compra`);
  await expect(page.getByRole('heading', { level: 1, name: `Orden de compra N° ${e.ordenId}-1` })).toBeVisible();
  await expect(page.locator('.orden-de-compra tbody tr')).toHaveCount(1);
  await expect(page.locator('.orden-de-compra tbody tr')).toContainText(e.producto);
  const final = conIva(netoAntes - credito);
  await expect(page.locator('.orden-de-compra')).toContainText(formatClp(final.total_con_iva));
  await foto(page, paso);
  await expectPaginaSana(page);
}

for (const width of [1280, 375]) {
  test(`at ${width} px: confirmed 80 of 100 kg, delivered, 5 kg damaged, a credit accepted, invoiced and paid; both read, print and download the final amounts`, async ({
    request,
    browser,
  }) => {
    // Two people through a pedido's whole life, each step waiting on what the screen shows.
    test.setTimeout(240_000);
    const e = await escenario(request);
    const hoy = hoyEnChile();
    const proveedor = await otroNavegador(browser, width);
    const comprador = await otroNavegador(browser, width);

    // 1. The supplier confirms 80 of the 100 kg.
    await loginByApi(proveedor, e.proveedor.email, e.proveedor.password, `/pedidos-recibidos/${e.pedidoId}`);
    await expect(proveedor.getByRole('heading', { level: 1, name: `Pedido N° ${e.pedidoId} Pendiente` })).toBeVisible();
    // Its head names it as the printed document and the Excel do, and the day it was placed.
    await expect(proveedor.getByRole('definition').filter({ hasText: `N° ${e.ordenId}-1` })).toBeVisible();
    await expect(proveedor.getByRole('term').filter({ hasText: 'Fecha del pedido' })).toBeVisible();
    await foto(proveedor, '1-pedido-pendiente');
    await expectPaginaSana(proveedor);
    await proveedor.getByRole('button', { name: 'Confirmar con otras cantidades' }).click();
    const confirmar = proveedor.getByRole('dialog', { name: `Confirmar con otras cantidades N° ${e.pedidoId}` });
    await confirmar.getByLabel(new RegExp(`^${e.producto}`)).fill(String(CONFIRMADO));
    await confirmar.getByRole('button', { name: 'Confirmar pedido' }).click();
    await expect(confirmar).toBeHidden();
    await expect(proveedor.getByRole('heading', { level: 1, name: `Pedido N° ${e.pedidoId} Confirmado parcial` })).toBeVisible();
    await foto(proveedor, '2-pedido-confirmado-parcial');
    await expectPaginaSana(proveedor);

    // 2. The buyer reads 'Confirmado parcial', what it ordered and what was confirmed.
    await loginByApi(comprador, e.comprador.email, e.comprador.password, `/ordenes/${e.ordenId}`);
    const tarjeta = comprador.getByRole('listitem').filter({ has: comprador.getByRole('heading', { name: new RegExp(`^Pedido N° ${e.pedidoId} `) }) });
    await expect(tarjeta.locator('.estado-pedido')).toHaveText('Confirmado parcial');
    const lineas = tarjeta.getByRole('table', { name: `Productos del pedido N° ${e.pedidoId}` });
    await expect(lineas).toContainText(`${PEDIDO} kg`);
    await expect(lineas).toContainText(`${CONFIRMADO} kg`);
    await foto(comprador, '2-orden-confirmado-parcial');
    await expectPaginaSana(comprador);

    // The amounts before any claim, as the API answers them (the net of 80 kg and the delivery fee).
    const detalle: PedidoDetalle = await (await request.get(`/api/pedidos/${e.pedidoId}/`, { headers: authHeaders(e.proveedor.access) })).json();
    const netoAntes = detalle.total;
    expect(detalle.lineas[0]!.cantidad_confirmada).toBe(CONFIRMADO);

    // 3. The supplier dispatches and delivers.
    await mover(proveedor, 'Marcar como despachado', 'Despachado', e.pedidoId, 'ya salió hacia el comprador');
    await foto(proveedor, '3-pedido-despachado');
    // Delivering does not close it: the buyer has its 48 hours to record what arrived.
    await mover(proveedor, 'Marcar como entregado', 'Entregado', e.pedidoId, 'Tendrá 48 horas para registrar lo que recibió y reclamar si faltó algo.');
    await expect(proximoPaso(proveedor)).toHaveText('Pedido entregado. Registra tu factura en Factura y pago.');
    await foto(proveedor, '3-pedido-entregado');
    await expectPaginaSana(proveedor);

    // 4. The buyer records the receipt: 5 kg damaged.
    await comprador.reload();
    await expect(tarjeta.locator('.estado-pedido')).toHaveText('Entregado');
    await expect(lineas).toContainText(`${PEDIDO} kg`);
    await expect(lineas).toContainText(`${CONFIRMADO} kg`);
    await foto(comprador, '4-orden-entregado');
    await expectPaginaSana(comprador);
    const abrir = tarjeta.getByRole('button', { name: 'Registrar recepción' });
    // The receipt's prompt starts at the card's left edge, under the lines, not pushed right and ragged.
    expect(Math.abs((await abrir.boundingBox())!.x - (await tarjeta.getByText(/^Registra lo que recibiste hasta el/).boundingBox())!.x)).toBeLessThan(1);
    expect((await tarjeta.getByText(/^Registra lo que recibiste hasta el/).boundingBox())!.x).toBeLessThanOrEqual((await lineas.boundingBox())!.x + 1);
    await abrir.click();
    const recepcion = comprador.getByRole('dialog', { name: `Registrar recepción del pedido N° ${e.pedidoId}` });
    await expect(recepcion.getByLabel('Recibido (kg)')).toHaveValue(String(CONFIRMADO));
    await recepcion.getByLabel('Recibido (kg)').fill(String(CONFIRMADO - DANADO));
    await recepcion.getByLabel('Problema').selectOption({ label: 'Dañado' });
    await recepcion.getByLabel('Comentario (opcional)').fill('Dos cajas llegaron abiertas');
    await expect(recepcion.getByText(/Reclamo al proveedor:/)).toHaveText(`Reclamo al proveedor: ${formatClp(DANADO * PRECIO)} (neto)`);
    await foto(comprador, '4-orden-recepcion-formulario');
    await recepcion.getByRole('button', { name: 'Registrar recepción' }).click();
    await expect(recepcion).toBeHidden();
    await expect(tarjeta.getByText(`Reclamo abierto por ${formatClp(DANADO * PRECIO)}`)).toBeVisible();
    // Its button gone with the dialog, the focus lands on what was recorded.
    await expect(tarjeta.getByRole('heading', { name: 'Recepción', exact: true })).toBeFocused();
    await foto(comprador, '4-orden-reclamo-abierto');
    await expectPaginaSana(comprador);

    // 5. The supplier reads the open claim and accepts it as a credit of what was claimed.
    await proveedor.reload();
    const reclamo = proveedor.getByRole('region', { name: 'Recepción y reclamo' });
    await expect(reclamo.getByText(`Reclamo abierto por ${formatClp(DANADO * PRECIO)}`)).toBeVisible();
    await expect(reclamo).toContainText('Dos cajas llegaron abiertas');
    await expect(reclamo.getByText('Monto del pedido mientras se resuelve:')).toBeVisible();
    await expect(proximoPaso(proveedor)).toHaveText(
      'El comprador abrió un reclamo: acéptalo con un crédito o recházalo indicando el motivo, en Recepción y reclamo.',
    );
    await foto(proveedor, '5-pedido-reclamo-abierto');
    await expectPaginaSana(proveedor);
    await reclamo.getByRole('button', { name: 'Aceptar reclamo' }).click();
    const aceptar = proveedor.getByRole('dialog', { name: `Aceptar reclamo del pedido N° ${e.pedidoId}` });
    await expect(aceptar.getByLabel('Crédito (neto)')).toHaveValue(String(DANADO * PRECIO));
    await aceptar.getByRole('button', { name: 'Aceptar reclamo' }).click();
    await expect(aceptar).toBeHidden();
    const credito = DANADO * PRECIO;
    await expect(reclamo.getByText(`Crédito aceptado: ${formatClp(credito)}`)).toBeVisible();
    await expect(reclamo.getByRole('heading', { name: 'Recepción', exact: true })).toBeFocused();
    await expectMontosFinales(proveedor.getByLabel(`Monto final del pedido N° ${e.pedidoId}`), netoAntes, credito);
    await foto(proveedor, '5-pedido-credito-aceptado');
    await expectPaginaSana(proveedor);

    // 6. The buyer reads the same claim, credit and final amounts.
    await comprador.reload();
    await expect(tarjeta.getByText(`Crédito aceptado: ${formatClp(credito)}`)).toBeVisible();
    await expectMontosFinales(comprador.getByLabel(`Monto final del pedido N° ${e.pedidoId}`), netoAntes, credito);
    await foto(comprador, '6-orden-credito-aceptado');
    await expectPaginaSana(comprador);

    // 7. The supplier records its invoice, then the payment.
    const factura = proveedor.getByRole('region', { name: 'Factura y pago' });
    await factura.getByLabel('N° de factura').fill(FACTURA);
    await factura.getByLabel('Fecha de factura').fill(diaMesAnio(hoy));
    await factura.getByRole('button', { name: 'Guardar factura y pago' }).click();
    await expect(factura).toContainText(`Factura N° ${FACTURA} del ${formatDiaLargo(hoy)} · Por cobrar`);
    await expect(proximoPaso(proveedor)).toHaveText('Pedido facturado. Registra el pago en Factura y pago cuando te paguen.');
    await factura.getByLabel('Pagado el').fill(diaMesAnio(hoy));
    await factura.getByRole('button', { name: 'Guardar factura y pago' }).click();
    await expect(factura).toContainText(`Factura N° ${FACTURA} del ${formatDiaLargo(hoy)} · Pagada el ${formatDiaLargo(hoy)}`);
    await expect(proximoPaso(proveedor)).toHaveText('Pedido entregado y pagado: no quedan pasos pendientes.');
    await foto(proveedor, '7-pedido-pagado');
    await expectPaginaSana(proveedor);
    await comprador.reload();
    await expect(tarjeta.getByText(`Factura N° ${FACTURA} del ${formatDiaLargo(hoy)} · Pagada el ${formatDiaLargo(hoy)}`)).toBeVisible();
    await foto(comprador, '7-orden-pagada');

    // 8. Both print the purchase order.
    await proveedor.getByRole('link', { name: 'Imprimir orden de compra' }).click();
    await expectOrdenDeCompra(proveedor, e, netoAntes, credito, '8-orden-de-compra-proveedor');
    await tarjeta.getByRole('link', { name: `Imprimir orden de compra N° ${e.ordenId}-1` }).click();
    await expectOrdenDeCompra(comprador, e, netoAntes, credito, '8-orden-de-compra-comprador');

    // 9. Both download today's Excel: the pedido with its final amounts, claim, invoice and payment.
    const final = conIva(netoAntes - credito);
    const esperado = {
      Neto: final.neto,
      IVA: final.iva,
      Total: final.total_con_iva,
      Crédito: credito,
      Reclamo: 'Aceptado',
      'Monto reclamado': DANADO * PRECIO,
      'Factura N°': FACTURA,
    };
    await proveedor.goto('/pedidos-recibidos');
    await expect(proveedor.getByRole('heading', { name: 'Pedidos Recibidos' })).toBeVisible();
    await expectPaginaSana(proveedor);
    const deProveedor = await descargarHoy(proveedor);
    expect(deProveedor.Pedidos).toEqual([expect.objectContaining({ 'N°': `${e.ordenId}-1`, Estado: 'Entregado', ...esperado })]);
    expect(deProveedor.Líneas).toEqual([
      expect.objectContaining({ Producto: e.producto, Pedida: PEDIDO, Confirmada: CONFIRMADO, Recibida: CONFIRMADO - DANADO, Problema: 'Dañado' }),
    ]);

    await comprador.goto('/ordenes');
    await expect(comprador.getByRole('heading', { name: 'Historial de Órdenes de Compra' })).toBeVisible();
    await expectPaginaSana(comprador);
    const deComprador = await descargarHoy(comprador);
    expect(deComprador.Pedidos).toEqual([expect.objectContaining({ 'N°': `${e.ordenId}-1`, Estado: 'Entregado', ...esperado })]);

    await proveedor.context().close();
    await comprador.context().close();
  });
}

test.describe.configure({ mode: 'parallel' });
