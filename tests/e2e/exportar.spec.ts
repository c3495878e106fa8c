import fs from 'node:fs';
import * as XLSX from '@e965/xlsx';
import { type Download, expect, type Page, test } from '@playwright/test';
import { hoyEnChile, sumarDias } from '#common/fecha';
import { aprobarProductos, createUserByApi, type E2EUser, loginByApi, registrarProductos, shot, uniqueStamp } from '../fixtures';
import { cotizarPorApi } from './pasos-comprador';
import { createProveedorListoByApi } from './proveedor-listo';

// 'Descargar Excel' of a supplier's pedidos (/pedidos-recibidos) and of a buyer's orders (/ordenes)
// against the real server: a new supplier with a product of its own, a new buyer who orders it
// twice; each downloads its file through the browser and the file opens with one row per pedido.

/** The file of a download, as a spreadsheet reads it: each sheet's rows under its headers. */
async function filasDe(download: Download): Promise<Record<string, unknown[][]>> {
  const archivo = fs.readFileSync((await download.path())!);
  const wb = XLSX.read(archivo, { type: 'buffer' });
  return Object.fromEntries(wb.SheetNames.map((n) => [n, XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[n]!, { header: 1 }).slice(1)]));
}

/** A supplier with one product of its own, approved, and a buyer who ordered it twice today. */
async function escenario(page: Page): Promise<{ proveedor: E2EUser; comprador: E2EUser; producto: string }> {
  const sello = uniqueStamp();
  const proveedor = await createProveedorListoByApi(page.request, `Carnes ${sello}`);
  const producto = `Lomo ${sello}`;
  await registrarProductos(page.request, proveedor, [
    { sku: `EXP-${sello}`, nombre: producto, categoria: 'CARNE BOVINA', precio: 9990, stock: 1000, dias: 120 },
  ]);
  const { [producto]: id } = await aprobarProductos(page.request, [producto]);
  const comprador = await createUserByApi(page.request, 'comprador');
  for (const cantidad of [150, 120]) await cotizarPorApi(page.request, comprador, [{ producto: id!, cantidad }], { comprar: true });
  return { proveedor, comprador, producto };
}

/** Downloads with the form's dates (the first of this month to today), through the browser's own download. */
async function descargar(page: Page, archivo: string) {
  const formulario = page.getByRole('form', { name: /^Descargar .* en Excel$/ });
  const hoy = hoyEnChile();
  await expect(formulario.getByLabel('Desde', { exact: true })).toHaveValue(`01-${hoy.slice(5, 7)}-${hoy.slice(0, 4)}`);
  await expect(formulario.getByLabel('Hasta', { exact: true })).toHaveValue(`${hoy.slice(8)}-${hoy.slice(5, 7)}-${hoy.slice(0, 4)}`);
  const [download] = await Promise.all([page.waitForEvent('download'), formulario.getByRole('button', { name: 'Descargar Excel' }).click()]);
  expect(download.suggestedFilename()).toBe(`${archivo}-${hoy.slice(0, 8)}01-a-${hoy}.xlsx`);
  return filasDe(download);
}

/** The form fits the window, the dates and the button whole (the inbox's table is wider than 1280 px of its own: not this form's to fix). */
async function expectFormCabe(page: Page) {
  const caja = (await page.getByRole('form', { name: /^Descargar .* en Excel$/ }).boundingBox())!;
  expect(caja.x + caja.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  if (page.viewportSize()!.width < 500) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
}

for (const width of [1280, 375]) {
  test(`at ${width} px: the supplier downloads its pedidos and the buyer its orders as Excel; a reversed range is refused in Spanish`, async ({
    page,
    browser,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const { proveedor, comprador, producto } = await escenario(page);

    await loginByApi(page, proveedor.email, proveedor.password, '/pedidos-recibidos');
    await expect(page.getByRole('heading', { name: 'Pedidos Recibidos' })).toBeVisible();
    await shot(page, `exportar-pedidos-${width}`);
    await expectFormCabe(page);
    const deProveedor = await descargar(page, 'pedidos');
    expect(deProveedor.Pedidos).toHaveLength(2);
    expect(deProveedor.Líneas).toHaveLength(2);
    expect(deProveedor.Líneas!.map((l) => l[2])).toEqual([producto, producto]);

    // A range that ends before it starts: the server's reason, as a toast; nothing is downloaded.
    const formulario = page.getByRole('form', { name: 'Descargar pedidos en Excel' });
    const manana = sumarDias(hoyEnChile(), 1);
    await formulario.getByLabel('Desde', { exact: true }).fill(`${manana.slice(8)}-${manana.slice(5, 7)}-${manana.slice(0, 4)}`);
    await formulario.getByRole('button', { name: 'Descargar Excel' }).click();
    await expect(page.getByText('La fecha desde no puede ser posterior a la fecha hasta.')).toBeVisible();

    const otra = await browser.newContext({ viewport: { width, height: 900 }, locale: 'es-CL', timezoneId: 'America/Santiago' });
    const delComprador = await otra.newPage();
    await loginByApi(delComprador, comprador.email, comprador.password, '/ordenes');
    await expect(delComprador.getByRole('heading', { name: 'Historial de Órdenes de Compra' })).toBeVisible();
    await expect(delComprador.getByRole('form', { name: 'Descargar órdenes en Excel' })).toBeVisible();
    await shot(delComprador, `exportar-ordenes-${width}`);
    await expectFormCabe(delComprador);
    const deComprador = await descargar(delComprador, 'ordenes');
    expect(deComprador.Pedidos).toHaveLength(2);
    expect(deComprador.Pedidos!.map((p) => p[4])).toEqual([expect.stringContaining('Carnes'), expect.stringContaining('Carnes')]);
    await otra.close();
  });
}
