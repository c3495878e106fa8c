import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { diaMesAnio, hoyEnChile } from '#common/fecha';
import { formatDiaLargo } from '#common/format';
import { FACTURACION } from '#server/test/facturacion';
import { aprobarProductos, authHeaders, createUserByApi, type E2EProveedor, type E2EUser, loginByApi, registrarProductos, shot } from '../fixtures';
import { cotizarPorApi, otroNavegador } from './pasos-comprador';
import { createProveedorListoByApi } from './proveedor-listo';

// The purchase order as a document both parties print, and the supplier's invoice and payment,
// against the real server. Each test: a new supplier with 15 products of its own, a new buyer with
// billing data who buys all 15 (one pedido of 15 lines), delivered through the API; then the screens.

const LINEAS = 15;

interface Escenario {
  proveedor: E2EProveedor;
  comprador: E2EUser;
  ordenId: number;
  pedidoId: number;
}

async function escenario(request: APIRequestContext): Promise<Escenario> {
  const sello = `${Date.now()}`.slice(-7) + `${Math.floor(Math.random() * 100)}`.padStart(2, '0');
  const proveedor = await createProveedorListoByApi(request, `Frigorífico Documento ${sello}`);
  const nombres = Array.from({ length: LINEAS }, (_, i) => `Corte de vacuno envasado al vacío N° ${i + 1} ${sello}`);
  await registrarProductos(
    request,
    proveedor,
    nombres.map((nombre, i) => ({ sku: `DOC-${sello}-${i + 1}`, nombre, categoria: 'CARNE BOVINA', precio: 4990 + i * 10, stock: 500, dias: 120 })),
  );
  const ids = await aprobarProductos(request, nombres);
  const comprador = await createUserByApi(request, 'comprador');
  const { ordenId } = await cotizarPorApi(
    request,
    comprador,
    nombres.map((n) => ({ producto: ids[n]!, cantidad: 100 })),
    { comprar: true, facturacion: FACTURACION },
  );
  const headers = authHeaders(proveedor.access);
  const pedidos: { results: Array<{ id: number; orden_id: number }> } = await (await request.get('/api/pedidos/', { headers })).json();
  const pedidoId = pedidos.results.find((p) => p.orden_id === ordenId)!.id;
  for (const estado of ['confirmado', 'despachado', 'entregado']) {
    const res = await request.post(`/api/pedidos/${pedidoId}/estado/`, { headers, data: { estado } });
    expect(res.status(), await res.text()).toBe(200);
  }
  return { proveedor, comprador, ordenId: ordenId!, pedidoId };
}

/** The inbox filtered by 'Factura y pago' as chosen on screen: whether this pedido's row is there. */
async function filtrar(page: Page, filtro: 'Por facturar' | 'Por cobrar' | 'Todos', pedidoId: number) {
  await page.goto('/pedidos-recibidos');
  await page.getByLabel('Factura y pago').selectOption({ label: filtro });
  await expect(page.getByRole('status')).not.toHaveText('Buscando...');
  return page.getByRole('link', { name: `Ver pedido N° ${pedidoId}` });
}

/** The print view: its document titled 'Orden de compra N° {orden}-1', and as a PDF on A4, one page. */
async function expectDocumentoDeUnaPagina(page: Page, { ordenId }: Escenario, nombre: string) {
  await expect(page).toHaveURL(/\/pedidos\/\d+\/orden-de-compra$/);
  await expect(page.getByRole('heading', { level: 1, name: `Orden de compra N° ${ordenId}-1` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Comprador' })).toContainText(FACTURACION.razon_social);
  await expect(page.getByRole('region', { name: 'Comprador' })).toContainText(`RUT: ${FACTURACION.rut_facturacion}`);
  await expect(page.getByRole('region', { name: 'Proveedor' })).toContainText('RUT: 77.218.654-1');
  await expect(page.getByRole('region', { name: 'Proveedor' })).toContainText('Giro: Venta al por mayor de alimentos');
  await expect(page.locator('.orden-de-compra tbody tr')).toHaveCount(LINEAS);
  await expect(page.getByText('IVA (19 %)')).toBeVisible();
  await shot(page, `${nombre}-${page.viewportSize()!.width}`);
  if (process.env.E2E_SCREENSHOTS === '1') {
    // The paper as Chromium lays it out: print rules on a sheet 210 mm wide.
    const pantalla = page.viewportSize()!;
    await page.emulateMedia({ media: 'print' });
    await page.setViewportSize({ width: 794, height: 1123 });
    await page.screenshot({ path: `.tmp/screens/${nombre}-papel-${pantalla.width}.png`, fullPage: true });
    await page.emulateMedia({ media: null });
    await page.setViewportSize(pantalla);
  }
  const pdf = await page.pdf({
    format: 'A4',
    ...(process.env.E2E_SCREENSHOTS === '1' ? { path: `.tmp/screens/${nombre}-${page.viewportSize()!.width}.pdf` } : {}),
  });
  const paginas = pdf.toString('latin1').match(/\/Type\s*\/Page(?![s\w])/g) ?? [];
  expect(paginas.length, 'páginas del PDF').toBe(1);
}

for (const width of [1280, 375]) {
  test(`at ${width} px: the supplier invoices and marks paid, its filters follow; the buyer reads the invoice; both print one A4 purchase order`, async ({
    request,
    browser,
  }) => {
    test.setTimeout(120_000);
    const e = await escenario(request);
    const hoy = hoyEnChile();

    const proveedor: Page = await otroNavegador(browser, width);
    await loginByApi(proveedor, e.proveedor.email, e.proveedor.password, '/');
    // Delivered and not invoiced: 'Por facturar', not 'Por cobrar'.
    await expect(await filtrar(proveedor, 'Por facturar', e.pedidoId)).toBeVisible();
    await expect(proveedor).toHaveURL(/\?cobro=por_facturar$/);
    await expect(await filtrar(proveedor, 'Por cobrar', e.pedidoId)).toHaveCount(0);

    await proveedor.goto(`/pedidos-recibidos/${e.pedidoId}`);
    const seccion = proveedor.getByRole('region', { name: 'Factura y pago' });
    await expect(seccion).toContainText('Por facturar.');
    await seccion.getByLabel('N° de factura').fill('4501');
    await seccion.getByLabel('Fecha de factura').fill(diaMesAnio(hoy));
    await seccion.getByRole('button', { name: 'Guardar factura y pago' }).click();
    await expect(proveedor.getByText('Factura y pago guardados.')).toBeVisible();
    await expect(seccion).toContainText(`Factura N° 4501 del ${formatDiaLargo(hoy)} · Por cobrar`);
    await expect(proveedor.getByRole('region', { name: 'Historial' })).toContainText(`Factura N° 4501 del ${formatDiaLargo(hoy)}`);
    await shot(proveedor, `factura-pedido-${width}`);
    if (process.env.E2E_SCREENSHOTS === '1') await seccion.screenshot({ path: `.tmp/screens/factura-seccion-${width}.png` });
    // Nothing of the page covers the section (15 long lines beside it at 1280 px).
    await seccion.getByRole('heading', { name: 'Factura y pago' }).click({ trial: true, position: { x: 2, y: 5 } });

    await expect(await filtrar(proveedor, 'Por facturar', e.pedidoId)).toHaveCount(0);
    const fila = await filtrar(proveedor, 'Por cobrar', e.pedidoId);
    await expect(fila).toBeVisible();
    await expect(proveedor.locator('tbody tr').filter({ has: fila })).toContainText('Factura N° 4501');
    await shot(proveedor, `factura-filtro-${width}`);
    // The inbox still fits its screen with each row's invoice and payment, its way to the pedido in view.
    expect(await proveedor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    if (width > 768) await expect(fila).toBeInViewport({ ratio: 1 });

    await fila.click();
    await seccion.getByLabel('Pagado el').fill(diaMesAnio(hoy));
    await seccion.getByRole('button', { name: 'Guardar factura y pago' }).click();
    await expect(seccion).toContainText(`Factura N° 4501 del ${formatDiaLargo(hoy)} · Pagada el ${formatDiaLargo(hoy)}`);
    await expect(await filtrar(proveedor, 'Por cobrar', e.pedidoId)).toHaveCount(0);
    await expect(await filtrar(proveedor, 'Por facturar', e.pedidoId)).toHaveCount(0);
    await expect(await filtrar(proveedor, 'Todos', e.pedidoId)).toBeVisible();

    // The supplier prints from its pedido.
    await proveedor.goto(`/pedidos-recibidos/${e.pedidoId}`);
    await proveedor.getByRole('link', { name: 'Imprimir orden de compra' }).click();
    await expectDocumentoDeUnaPagina(proveedor, e, 'orden-de-compra-proveedor');
    await expect(proveedor.getByRole('link', { name: `← Volver al pedido N° ${e.pedidoId}` })).toBeVisible();

    // The buyer reads the invoice on its order, read-only, and prints the same document.
    const comprador = await otroNavegador(browser, width);
    await loginByApi(comprador, e.comprador.email, e.comprador.password, `/ordenes/${e.ordenId}`);
    await expect(comprador.getByText(`Factura N° 4501 del ${formatDiaLargo(hoy)} · Pagada el ${formatDiaLargo(hoy)}`)).toBeVisible();
    await expect(comprador.getByRole('textbox', { name: 'N° de factura' })).toHaveCount(0);
    if (process.env.E2E_SCREENSHOTS === '1')
      await comprador
        .locator('.pedido-card')
        .filter({ hasText: 'Factura N° 4501' })
        .screenshot({ path: `.tmp/screens/factura-orden-${width}.png` });
    await comprador.getByRole('link', { name: `Imprimir orden de compra N° ${e.ordenId}-1` }).click();
    await expectDocumentoDeUnaPagina(comprador, e, 'orden-de-compra-comprador');
    expect(await comprador.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

    // Anyone else is told the pedido does not exist.
    const otro = await otroNavegador(browser, width);
    const ajeno = await createUserByApi(request, 'comprador');
    await loginByApi(otro, ajeno.email, ajeno.password, `/pedidos/${e.pedidoId}/orden-de-compra`);
    await expect(otro.getByRole('heading', { name: 'Pedido no encontrado.' })).toBeVisible();
  });
}

test.describe.configure({ mode: 'parallel' });
