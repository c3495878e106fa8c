import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { COLUMNAS_EXCEL } from '#common/schemas/proveedor-carga';
import { loginAs, loginByApi, pick } from '../fixtures';
import { createProveedorListoByApi } from './proveedor-listo';

// The catalogue's life cycle, each step on its own screen against the
// real server: a new supplier uploads a product the platform does not have (/carga-masiva), sees it
// waiting for review (/mis-productos-proovedor), the moderator approves it (/moderacion-productos),
// and a buyer then finds it in /cotizar and gets that supplier's offer from the price comparison.

/** A made-up word from digits: each run's product is unlike any earlier run's, so it is new to the platform again. */
const palabra = (digitos: string) => [...digitos].map((d) => ['ka', 'bo', 'ri', 'me', 'tu', 'sa', 'li', 'no', 'pe', 'du'][Number(d)]).join('');

const enDias = (dias: number) => new Date(Date.now() + dias * 86_400_000).toISOString().slice(0, 10);

/** A one-row upload with the template's headers, written as a supplier's own spreadsheet would be. */
async function planilla(fila: Partial<Record<(typeof COLUMNAS_EXCEL)[number], string | number>>): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Productos');
  sheet.addRow([...COLUMNAS_EXCEL]);
  sheet.addRow(COLUMNAS_EXCEL.map((c) => fila[c] ?? null));
  return Buffer.from(await book.xlsx.writeBuffer());
}

test('an exclusive product goes from a supplier upload through moderation to a buyer quotation', async ({ browser }) => {
  test.setTimeout(90_000);
  const sello = `${Date.now()}`.slice(-6);
  const raiz = palabra(sello);
  const nombre = `Charqui ${raiz} ${palabra([...sello].reverse().join(''))}`;
  const sku = `CICLO-${sello}`;

  // 1. A new supplier (its company and terms saved: docs/decisions/024) uploads its spreadsheet and
  // confirms the exclusive product.
  const proveedor = await browser.newPage();
  const cuenta = await createProveedorListoByApi(proveedor.request, `Charquería ${raiz}`);
  await loginByApi(proveedor, cuenta.email, cuenta.password, '/carga-masiva');
  await proveedor.getByLabel('Archivo Excel (.xlsx o .xls, hasta 5MB)').setInputFiles({
    name: 'mis-productos.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await planilla({
      SKU: sku,
      Nombre: nombre,
      Precio: 18_990,
      'Desde 100 kg': 17_490,
      Stock: 500,
      'Fecha vencimiento': enDias(60),
      Categoría: 'CARNE BOVINA',
      Marca: 'Ahumados del Sur',
      Origen: 'Chile',
      Formato: 'AL VACIO',
      Unidad: 'KILO',
    }),
  });
  await proveedor.getByRole('button', { name: 'Subir archivo Excel' }).click();
  const exclusivos = proveedor.getByRole('region', { name: /^Productos nuevos exclusivos/ });
  // The SKU is a cell input on an exclusive row: its 'Quitar' button names the row.
  const fila = exclusivos.locator('tbody tr').filter({ has: proveedor.getByRole('button', { name: new RegExp(`^Quitar fila \\d+, SKU ${sku}$`) }) });
  await expect(fila).toContainText('Sin errores');
  await exclusivos.getByRole('button', { name: 'Confirmar productos exclusivos' }).click();
  await expect(proveedor.getByText('Productos exclusivos registrados correctamente.')).toBeVisible();

  // 2. Its list shows the product under review.
  await proveedor.goto('/mis-productos-proovedor');
  const filas = proveedor.getByRole('table', { name: 'Listado de Productos' }).locator('tbody tr');
  await expect(filas.filter({ hasText: sku })).toHaveClass(/fila-producto--pendiente/);
  await expect(filas.filter({ hasText: sku })).toContainText(nombre);
  // Nobody can quote it yet.
  const antes = await (await proveedor.request.get('/api/productos/consolidated-data/')).json();
  expect(antes.productos.map((p: { nombre: string }) => p.nombre)).not.toContain(nombre);

  // 3. The moderator approves it.
  const moderador = await browser.newPage();
  await loginAs(moderador, 'moderador', '/moderacion-productos');
  await moderador.getByPlaceholder('Buscar producto, categoría, proveedor o ID...').fill(raiz);
  await moderador.getByRole('button', { name: `Aprobar ${nombre}` }).click();
  await moderador.getByRole('button', { name: 'Enviar aprobados' }).click();
  await moderador.getByRole('dialog', { name: '¿Deseas enviar todos los productos marcados como aprobados?' }).getByRole('button', { name: 'Sí' }).click();
  await expect(moderador.getByText('Moderaciones enviadas correctamente')).toBeVisible();
  await moderador.close();

  // The supplier's row is no longer under review.
  await proveedor.reload();
  await expect(filas.filter({ hasText: sku })).toContainText(nombre);
  await expect(filas.filter({ hasText: sku })).not.toHaveClass(/fila-producto--pendiente/);
  await proveedor.close();

  // 4. A buyer finds it in /cotizar, and the comparison offers it from that supplier at the tier price.
  const comprador = await browser.newPage();
  await loginAs(comprador, 'comprador', '/cotizar');
  await pick(comprador, 'Categoría, fila 1', 'carne', 'CARNE BOVINA');
  await pick(comprador, 'Producto, fila 1', raiz, nombre);
  const catalogo = await (await comprador.request.get('/api/productos/consolidated-data/')).json();
  const producto = catalogo.productos.find((p: { nombre: string }) => p.nombre === nombre);
  expect(producto).toBeDefined();
  const solicitud = await (
    await comprador.request.post('/api/cotizaciones/crear-solicitud/', { data: { productos: [{ producto: producto.id, cantidad: 120 }] } })
  ).json();
  const res = await comprador.request.post('/api/cotizaciones/comparar-precios/', {
    headers: { 'x-clave-cotizacion': solicitud.clave },
    data: { productos: [{ producto: producto.id, cantidad: 120 }], solicitudId: solicitud.id },
  });
  expect(res.status(), await res.text()).toBe(201);
  const [resultado] = (await res.json()).resultados;
  expect(resultado.opciones_seleccionadas).toMatchObject([{ producto: nombre, cantidad_proveida: 120, precio: 17_490, stock_disponible: 500 }]);
  await comprador.close();
});
