import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import {
  ARCHIVO_DEMASIADO_GRANDE,
  ARCHIVO_ILEGIBLE,
  ARCHIVO_TIPO_INVALIDO,
  COLUMNA_STOCK_AL_DESCARGAR,
  COLUMNAS_EXCEL,
  FECHA_NO_FUTURA,
} from '#common/schemas/proveedor-carga';
import { PRECIO_INVALIDO } from '#common/schemas/proveedor-productos';
import {
  aprobarProductos,
  authHeaders,
  buildProductoNuevo,
  createProveedorByApi,
  expectAccessible,
  filaExcelConPrecioNegativo,
  loginAs,
  loginByApi,
  type ProductoNuevo,
  registrarProductos,
  shot,
  uniqueStamp,
} from '../fixtures';

// The Excel upload end to end, against the real server: a new supplier with an approved product of its own
// downloads both templates (real .xlsx files), fills the example one with a row of each group and
// some errors, uploads it, fixes an error in a table cell, confirms each group and finds the offers
// on the server. Hostile files, the guards and the 375 px cards use a fresh supplier too. Every
// product name carries the run's stamp: no demo product, nor another run's, is like it.

const ETIQUETA_ARCHIVO = 'Archivo Excel (.xlsx o .xls, hasta 5MB)';

type Celda = string | number | null;
type FilaExcel = Partial<Record<(typeof COLUMNAS_EXCEL)[number], Celda>>;

const enDias = (dias: number) => new Date(Date.now() + dias * 86_400_000).toISOString().slice(0, 10);

/** Clicks a template link and returns the file the browser saved, checking its name. */
async function download(page: Page, link: string, nombre: string): Promise<Buffer> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: link }).click()]);
  expect(file.suggestedFilename()).toBe(nombre);
  const chunks: Buffer[] = [];
  for await (const chunk of (await file.createReadStream())!) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A real .xlsx (a zip: 'PK') whose first sheet starts with the template's headers, in order. */
async function readXlsx(buffer: Buffer) {
  expect(buffer.subarray(0, 2).toString('latin1')).toBe('PK');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(buffer as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  const encabezados = (sheet.getRow(1).values as Celda[]).slice(1);
  // PRODUCTOS_REGISTRADOS.xlsx adds one hidden column after them: what each lot held.
  expect(encabezados.slice(0, COLUMNAS_EXCEL.length)).toEqual([...COLUMNAS_EXCEL]);
  expect(encabezados.slice(COLUMNAS_EXCEL.length)).toEqual(encabezados.length > COLUMNAS_EXCEL.length ? [COLUMNA_STOCK_AL_DESCARGAR] : []);
  return { book, sheet };
}

/** The sheet's data rows as {header: value}. */
function rowsOf(sheet: ExcelJS.Worksheet): FilaExcel[] {
  const filas: FilaExcel[] = [];
  sheet.eachRow((row, n) => {
    if (n === 1) return;
    const valores = row.values as Celda[];
    filas.push(Object.fromEntries(COLUMNAS_EXCEL.map((c, i) => [c, valores[i + 1] ?? null])));
  });
  return filas;
}

/** The example template with its example rows replaced by ours (its headers and dropdowns kept). */
async function fillTemplate(plantilla: Buffer, filas: FilaExcel[]): Promise<Buffer> {
  const { book, sheet } = await readXlsx(plantilla);
  if (sheet.rowCount > 1) sheet.spliceRows(2, sheet.rowCount - 1);
  for (const fila of filas) sheet.addRow(COLUMNAS_EXCEL.map((c) => fila[c] ?? null));
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function upload(page: Page, name: string, buffer: Buffer) {
  await page.getByLabel(ETIQUETA_ARCHIVO).setInputFiles({ name, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer });
  await expect(page.getByText(name)).toBeVisible();
  await page.getByRole('button', { name: 'Subir archivo Excel' }).click();
}

const seccion = (page: Page, titulo: string) => page.getByRole('region', { name: new RegExp(`^${titulo}`) });
/** A row by its SKU, which is a cell input on new and exclusive rows: every row's 'Quitar' button names it. */
const fila = (section: Locator, sku: string) =>
  section.locator('tbody tr').filter({ has: section.page().getByRole('button', { name: new RegExp(`^Quitar fila \\d+, SKU ${sku}$`) }) });

/** The supplier's offers as the server has them now: its registered-products template, read. */
async function ofertasEnServidor(request: APIRequestContext, access: string): Promise<FilaExcel[]> {
  const res = await request.get('/api/productos/plantillas-excel/', { headers: { authorization: `JWT ${access}` } });
  expect(res.status()).toBe(200);
  const { sheet } = await readXlsx(Buffer.from((await res.json()).productos_excel, 'base64'));
  return rowsOf(sheet);
}

test('a supplier with an approved product: templates, an upload of each group with errors, a fix in a cell, each group confirmed and on the server', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // The market it uploads into: an approved product it offers (one lot), and an approved product of
  // another supplier's that it does not offer yet.
  const sello = uniqueStamp();
  const propio: ProductoNuevo = {
    sku: `E2E-E-${sello}`,
    nombre: `Cecina de cabrito ${sello}`,
    categoria: 'CARNE BOVINA',
    precio: 13_990,
    stock: 250,
    dias: 60,
  };
  const ajeno = `Pernil de jabalí ${sello}`;
  const proveedor = await createProveedorByApi(page.request, `Altiplano ${sello}`);
  await registrarProductos(page.request, proveedor, [propio]);
  const otro = await createProveedorByApi(page.request, `Cordillera ${sello}`);
  await registrarProductos(page.request, otro, [{ sku: `E2E-O-${sello}`, nombre: ajeno, categoria: 'CERDO', precio: 7_990, stock: 300, dias: 60 }]);
  await aprobarProductos(page.request, [propio.nombre, ajeno]);

  const { access } = await loginByApi(page, proveedor.email, proveedor.password, '/carga-masiva');
  await expect(page.getByRole('heading', { name: 'Carga masiva de productos', level: 1 })).toBeVisible();

  // Both templates are real .xlsx files with the headers; the registered one lists the supplier's offer, its one lot.
  const plantilla = await download(page, 'Descargar plantilla de ejemplo', 'PLANTILLA_EJEMPLO.xlsx');
  const registrados = rowsOf((await readXlsx(await download(page, 'Descargar productos registrados', 'PRODUCTOS_REGISTRADOS.xlsx'))).sheet);
  expect(registrados).toHaveLength(1);
  expect(registrados[0]).toMatchObject({ SKU: propio.sku, Nombre: propio.nombre, Precio: propio.precio, Stock: propio.stock });

  const sku = { existente: propio.sku, nuevo: `E2E-N-${sello}`, exclusivo: `E2E-X-${sello}`, conError: `E2E-Y-${sello}` };
  const exclusivo = `Charqui de llama ahumado artesanal ${sello}`;
  const manana = enDias(30);
  const archivo = await fillTemplate(plantilla, [
    // Row 2: an offer it has, with a new price and tiers.
    { SKU: sku.existente, Nombre: propio.nombre, Precio: 12_345, 'Desde 100 kg': 12_000, 'Desde 300 kg': 11_500, Stock: 500, 'Fecha vencimiento': manana },
    // Row 3: the catalogue product it does not offer, written as a supplier would ('… kg', upper case), with an expiry in the past (fixed on screen).
    { SKU: sku.nuevo, Nombre: `${ajeno.toUpperCase()} kg`, Precio: 8_990, Stock: 300, 'Fecha vencimiento': '2020-01-01' },
    // Row 4: a product the platform does not have.
    {
      SKU: sku.exclusivo,
      Nombre: exclusivo,
      Precio: 24_990,
      Stock: 40,
      'Fecha vencimiento': manana,
      Categoría: 'CARNE BOVINA',
      Marca: 'Altiplano E2E',
      Origen: 'Chile',
      Formato: 'AL VACIO',
      Unidad: 'KILO',
    },
    // Row 5: another, with a negative price (left as is: it stays behind).
    filaExcelConPrecioNegativo(sku.conError, `Mermelada de murta casera ${sello}`),
  ]);

  await upload(page, 'mis-productos.xlsx', archivo);
  const popup = page.getByRole('dialog', { name: 'Errores en el archivo Excel' });
  await expect(popup).toContainText(`Fila 3: ${FECHA_NO_FUTURA}`);
  await expect(popup).toContainText(`Fila 5: ${PRECIO_INVALIDO}`);
  await shot(page, 'carga-errores-archivo-1280');
  await popup.getByRole('button', { name: 'Cerrar' }).click();

  const existentes = seccion(page, 'Productos ya registrados');
  const nuevos = seccion(page, 'Productos nuevos detectados');
  const exclusivos = seccion(page, 'Productos nuevos exclusivos');
  await expect(fila(existentes, sku.existente)).toContainText('Sin errores');
  await expect(fila(nuevos, sku.nuevo)).toContainText(ajeno);
  await expect(fila(nuevos, sku.nuevo)).toContainText(/Similitud \d+ %/);
  await expect(fila(nuevos, sku.nuevo)).toContainText(FECHA_NO_FUTURA);
  await expect(fila(exclusivos, sku.exclusivo)).toContainText('Sin errores');
  await expect(fila(exclusivos, sku.conError)).toContainText(PRECIO_INVALIDO);
  await shot(page, 'carga-grupos-1280');
  // Each row is a card whose values wrap: neither the page nor a group scrolls sideways (docs/decisions/018).
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  for (const tabla of await page.locator('.carga__tabla').all()) expect(await tabla.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
  await expectAccessible(page);

  // The fix in a table cell: the row's error goes at once.
  await nuevos.getByLabel(`Fecha vencimiento, fila 3, SKU ${sku.nuevo}`).fill(manana);
  await expect(fila(nuevos, sku.nuevo)).toContainText('Sin errores');

  await existentes.getByRole('button', { name: 'Confirmar productos existentes' }).click();
  await expect(page.getByText('Productos actualizados correctamente.')).toBeVisible();
  await expect(existentes).toContainText('No quedan productos en esta sección.');

  await nuevos.getByRole('button', { name: 'Confirmar productos nuevos' }).click();
  await expect(page.getByText('Productos nuevos registrados correctamente.')).toBeVisible();
  await expect(nuevos).toContainText('No quedan productos en esta sección.');

  // Some exclusive rows have errors: ¿Estás seguro? first; Cancelar sends nothing.
  await exclusivos.getByRole('button', { name: 'Confirmar productos exclusivos' }).click();
  const seguro = page.getByRole('dialog', { name: '¿Estás seguro?' });
  await expect(seguro).toContainText('Solo se subirán 1 productos exclusivos válidos. Corrige o elimina los productos con errores para subirlos.');
  await shot(page, 'carga-seguro-1280');
  await seguro.getByRole('button', { name: 'Cancelar' }).click();
  await expect(fila(exclusivos, sku.exclusivo)).toBeVisible();
  await exclusivos.getByRole('button', { name: 'Confirmar productos exclusivos' }).click();
  await seguro.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText('Productos exclusivos registrados correctamente.')).toBeVisible();
  await expect(fila(exclusivos, sku.exclusivo)).toHaveCount(0);
  await expect(fila(exclusivos, sku.conError)).toContainText(PRECIO_INVALIDO);

  // On the server: the three offers, with the prices sent; the exclusive product waits for moderation.
  const ofertas = await ofertasEnServidor(page.request, access);
  const oferta = (s: string) => ofertas.find((o) => o.SKU === s);
  expect(oferta(sku.existente)).toMatchObject({ Precio: 12_345, 'Desde 100 kg': 12_000, 'Desde 300 kg': 11_500 });
  expect(oferta(sku.nuevo)).toMatchObject({ Precio: 8_990 });
  expect(oferta(sku.exclusivo)).toMatchObject({ Precio: 24_990 });
  expect(oferta(sku.conError)).toBeUndefined();
  const despues = (await (await page.request.get('/api/productos/consolidated-data/')).json()) as { productos: { nombre: string }[] };
  expect(despues.productos.map((p) => p.nombre)).not.toContain(exclusivo);
});

test('at 375 px: refused files say why, an upload shows cards, a refused row fixed, a manual row', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 375, height: 740 });
  await loginAs(page, 'proveedor', '/carga-masiva');
  await expect(page.getByRole('heading', { name: 'Carga masiva de productos', level: 1 })).toBeVisible();

  // Refused in the browser: another type, more than 5 MB; nothing is sent.
  const campo = page.getByLabel(ETIQUETA_ARCHIVO);
  await campo.setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: Buffer.from('png') });
  await expect(page.getByText(ARCHIVO_TIPO_INVALIDO)).toBeVisible();
  await campo.setInputFiles({ name: 'grande.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.alloc(5 * 1024 * 1024 + 1, 1) });
  await expect(page.getByText(ARCHIVO_DEMASIADO_GRANDE)).toBeVisible();
  // Refused by the server, which looks at the content (magic bytes): a damaged or renamed file could not be read.
  await upload(page, 'renombrado.xlsx', Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 37) % 256)));
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: ARCHIVO_ILEGIBLE })).toBeVisible();
  await shot(page, 'carga-rechazo-375');

  const plantilla = await download(page, 'Descargar plantilla de ejemplo', 'PLANTILLA_EJEMPLO.xlsx');
  await page.getByRole('button', { name: 'Quitar archivo' }).click();
  const archivo = await fillTemplate(plantilla, [
    {
      SKU: 'M-1',
      Nombre: `Chuchoca de maíz morado ${uniqueStamp()}`,
      Precio: 3_990,
      Stock: 20,
      'Fecha vencimiento': enDias(60),
      Categoría: 'SECOS',
      Formato: 'BOLSA',
      Unidad: 'KILO',
    },
  ]);
  await upload(page, 'chuchoca.xlsx', archivo);
  const exclusivos = seccion(page, 'Productos nuevos exclusivos');
  await expect(fila(exclusivos, 'M-1')).toContainText('Sin errores');
  // No errors in the file: no popup.
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // Cards: no sideways scroll of the page.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await exclusivos.getByRole('button', { name: '+ Agregar producto' }).click();
  await exclusivos.getByLabel('SKU, fila 3').fill('M-2');
  await exclusivos.getByLabel('Nombre, fila 3, SKU M-2').fill('Harina tostada');
  await exclusivos.getByLabel('Precio, fila 3, SKU M-2').fill('2500');
  await exclusivos.getByLabel('Fecha vencimiento, fila 3, SKU M-2').fill(enDias(90));
  await exclusivos.getByLabel('Categoría, fila 3, SKU M-2').selectOption('SECOS');
  await exclusivos.getByLabel('Marca, fila 3, SKU M-2').fill('Molino Sur');
  await exclusivos.getByLabel('Origen, fila 3, SKU M-2').fill('Chile');
  await exclusivos.getByLabel('Unidad, fila 3, SKU M-2').selectOption('KILO');
  // A row added here holds its SKU in an input, not as text: found by its control.
  await expect(exclusivos.locator('tbody tr', { has: page.getByLabel('Nombre, fila 3, SKU M-2') })).toContainText('Sin errores');
  await shot(page, 'carga-tarjetas-375');
  await expectAccessible(page);
  // M-1 came without brand and origin: valid by docs/producto.md §5's row rules, refused by the server for a new product.
  await exclusivos.getByRole('button', { name: 'Confirmar productos exclusivos' }).click();
  await expect(page.getByText('Productos exclusivos registrados correctamente.')).toBeVisible();
  const rechazos = page.getByRole('dialog', { name: 'Errores al cargar los Datos' });
  await expect(rechazos).toContainText('SKU M-1: La marca es obligatoria para un producto nuevo.');
  await shot(page, 'carga-rechazos-375');
  await rechazos.getByRole('button', { name: 'Cerrar' }).click();
  await expect(exclusivos.locator('tbody tr')).toHaveCount(1);
  await expect(fila(exclusivos, 'M-1')).toContainText('La marca es obligatoria para un producto nuevo.');
  await exclusivos.getByLabel('Marca, fila 2, SKU M-1').fill('Molino Sur');
  await exclusivos.getByLabel('Origen, fila 2, SKU M-1').fill('Chile');
  await expect(fila(exclusivos, 'M-1')).toContainText('Sin errores');
  await exclusivos.getByRole('button', { name: 'Confirmar productos exclusivos' }).click();
  await expect(exclusivos).toContainText('No quedan productos en esta sección.');
});

test('a file made before the stock changed asks which number stays, and keeps the current one when told', async ({ page }) => {
  test.setTimeout(90_000);
  const sello = uniqueStamp();
  const proveedor = await createProveedorByApi(page.request, `Chillán ${sello}`);
  const { access } = proveedor;
  const producto: ProductoNuevo = { sku: 'CONF-1', nombre: `Longaniza de Chillán ${sello}`, categoria: 'CERDO', precio: 6990, stock: 100, dias: 60 };
  await registrarProductos(page.request, proveedor, [producto]);

  // The supplier downloads its products (100 in stock), then the lot changes to 70 (an order, an edit).
  await loginByApi(page, proveedor.email, proveedor.password, '/carga-masiva');
  const archivo = await download(page, 'Descargar productos registrados', 'PRODUCTOS_REGISTRADOS.xlsx');
  const cambio = await page.request.put('/api/productos/actualizar-precios/', {
    headers: authHeaders(access),
    data: { productos: [buildProductoNuevo({ ...producto, stock: 70 })] },
  });
  expect(cambio.status(), await cambio.text()).toBe(200);

  // Uploaded unchanged: the row asks instead of putting 100 back, and the file's popup says so first.
  await upload(page, 'PRODUCTOS_REGISTRADOS.xlsx', archivo);
  const popup = page.getByRole('dialog', { name: 'Errores en el archivo Excel' });
  await expect(popup.getByText(/^Fila 2: El stock con vencimiento .* cambió desde que descargaste el archivo/)).toBeVisible();
  await popup.getByRole('button', { name: 'Cerrar' }).click();
  const existentes = seccion(page, 'Productos ya registrados');
  const row = fila(existentes, 'CONF-1');
  await expect(row.getByText(/cambió desde que descargaste el archivo: tenía 100, ahora tiene 70 y el archivo dice 100/)).toBeVisible();
  await shot(page, 'carga-conflicto-1280');
  await page.setViewportSize({ width: 375, height: 740 });
  await row.getByRole('radio', { name: 'Mantener el actual: 70' }).scrollIntoViewIfNeeded();
  await expect(row.getByRole('radio', { name: 'Mantener el actual: 70' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shot(page, 'carga-conflicto-375');
  await page.setViewportSize({ width: 1280, height: 800 });
  await row.getByRole('radio', { name: 'Mantener el actual: 70' }).check();
  await expect(row.getByText('Sin errores')).toBeVisible();
  await existentes.getByRole('button', { name: 'Confirmar productos existentes' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Productos actualizados correctamente.' })).toBeVisible();

  const ahora = (await ofertasEnServidor(page.request, access)).filter((f) => f.SKU === 'CONF-1');
  expect(ahora.map((f) => f.Stock)).toEqual([70]);
});

test('docs/producto.md §6: a buyer is told the screen is for suppliers; a visitor, to log in', async ({ page, browser }) => {
  await loginAs(page, 'comprador', '/carga-masiva');
  await expect(page).toHaveURL('/');
  await expect(page.getByText('Debes estar registrado como proveedor para usar esta funcionalidad')).toBeVisible();
  const visitante = await browser.newPage();
  await visitante.goto('/carga-masiva');
  await expect(visitante).toHaveURL('/login?next=%2Fcarga-masiva');
  await expect(visitante.getByText('Debes iniciar sesión para acceder')).toBeVisible();
  await visitante.close();
});
