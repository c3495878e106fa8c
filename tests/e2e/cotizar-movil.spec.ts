import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { cotizarDeNuevoPath } from '#common/repetir';
import { aprobarProductos, expectAccessible, type ProductoNuevo, registrarProductos, shot, uniqueStamp } from '../fixtures';
import { createProveedorListoByApi } from './proveedor-listo';

// Ordering from a phone (docs/decisions/018-flujos-y-avisos.md, 'Pedir en el teléfono'), against the
// real server: at 375 × 812 a request of 15 products fits /cotizar in 4 screens and its summary in 3,
// the quantity opens the numeric keyboard, and the same screens keep their table at 1280.

const PANTALLA_MOVIL = { width: 375, height: 812 };

/** Fifteen products of a supplier of this worker, with names as long as a real catalogue's, and their ids. */
async function crearCatalogo(request: APIRequestContext): Promise<{ sello: string; ids: number[]; nombres: string[] }> {
  const sello = uniqueStamp();
  const base: Array<[string, string]> = [
    ['Lomo liso de vacuno', 'CARNE BOVINA'],
    ['Posta negra de vacuno', 'CARNE BOVINA'],
    ['Asiento de picana', 'CARNE BOVINA'],
    ['Pechuga de pollo deshuesada', 'POLLO'],
    ['Trutro entero de pollo', 'POLLO'],
    ['Alitas de pollo marinadas', 'POLLO'],
    ['Chuleta centro de cerdo', 'CERDO'],
    ['Costillar de cerdo ahumado', 'CERDO'],
    ['Leche en polvo entera', 'LACTEO'],
    ['Queso mantecoso laminado', 'LACTEO'],
    ['Avena instantánea', 'SECOS'],
    ['Arroz grado uno', 'SECOS'],
    ['Lentejas seis milímetros', 'SECOS'],
    ['Codorniz entera', 'AVES'],
    ['Pavo trozado congelado', 'AVES'],
  ];
  const filas: ProductoNuevo[] = base.map(([nombre, categoria], i) => ({
    sku: `M${i}-${sello}`,
    nombre: `${nombre} ${sello}`,
    categoria,
    precio: 4_000 + i * 250,
    stock: 5_000,
    dias: 90,
    origen: 'Chile',
    marca: `Campo ${sello}`,
  }));
  const proveedor = await createProveedorListoByApi(request, `Mayorista Móvil ${sello}`);
  await registrarProductos(request, proveedor, filas);
  const nombres = filas.map((f) => f.nombre);
  const ids = await aprobarProductos(request, nombres);
  return { sello, ids: nombres.map((n) => ids[n]!), nombres };
}

let catalogo: ReturnType<typeof crearCatalogo> | undefined;
const catalogoPropio = (request: APIRequestContext) => (catalogo ??= crearCatalogo(request));

/** With E2E_SCREENSHOTS=1, the whole page into .tmp/screens/ (shot() takes only the screen on a phone). */
async function paginaEntera(page: Page, nombre: string) {
  if (process.env.E2E_SCREENSHOTS === '1') await page.screenshot({ path: `.tmp/screens/${nombre}.png`, fullPage: true });
}

const altoDePagina = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight);

/** /cotizar filled with these products, 200 of each, as 'Cotizar de nuevo' opens it. */
async function abrirCon(page: Page, ids: number[]) {
  await page.goto(cotizarDeNuevoPath(ids.map((producto) => ({ producto, cantidad: 200 }))));
  await expect(page.getByRole('combobox', { name: `Producto, fila ${ids.length}`, exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/cotizar$/);
}

/** The delivery data of /datos-cotizacion, then Continuar to the summary. */
async function entregarYResumir(page: Page) {
  await expect(page.getByRole('heading', { name: 'Datos de entrega' })).toBeVisible();
  await page.getByLabel('Nombre de contacto').fill('Cocina Los Andes');
  await page.getByLabel('Correo de contacto').fill('compras@losandes.cl');
  await page.getByLabel('Teléfono').fill('+56922334455');
  await page.getByLabel('Dirección de envío (opcional)').fill('Calle Larga 450');
  await page.getByLabel('Región', { exact: true }).selectOption({ label: 'Región de Valparaíso' });
  await page.getByLabel('Comuna').selectOption({ label: 'Quilpué' });
  // The comuna brings its delivery days with one proposed (docs/decisions/027): no date, as asked here.
  await page.getByRole('combobox', { name: 'Fecha de entrega (opcional)' }).selectOption({ label: 'Sin fecha' });
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: 'Resumen de la solicitud' })).toBeVisible();
}

const filas = (page: Page) => page.getByRole('table', { name: 'Productos a cotizar' }).locator('tbody tr');
const cantidad = (page: Page, n: number) => page.getByRole('textbox', { name: `Cantidad, fila ${n}`, exact: true });
const sinScrollLateral = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

test.describe('375 × 812 px', () => {
  test.use({ viewport: PANTALLA_MOVIL });

  test('15 rows of /cotizar fit in 4 screens: compact cards, the product and its quantity first, the filters folded', async ({ page, request }) => {
    const c = await catalogoPropio(request);
    await abrirCon(page, c.ids);
    await expect(filas(page)).toHaveCount(15);
    expect(await altoDePagina(page)).toBeLessThanOrEqual(4 * PANTALLA_MOVIL.height);
    await sinScrollLateral(page, PANTALLA_MOVIL.width);
    await paginaEntera(page, 'cotizar-movil-375');

    // Each card: the product box and the quantity in sight, the quantity on the digits keypad.
    await expect(page.getByRole('combobox', { name: 'Producto, fila 1', exact: true })).toBeVisible();
    await expect(cantidad(page, 1)).toBeVisible();
    await expect(cantidad(page, 1)).toHaveAttribute('inputmode', 'numeric');
    await expect(page.getByRole('button', { name: 'Eliminar fila 1', exact: true })).toBeVisible();
    // The filters are folded behind a button that says what they hold; it unfolds them, and folds them back.
    await expect(page.getByRole('combobox', { name: 'Categoría, fila 1', exact: true })).toBeHidden();
    const plegar = page.getByRole('button', { name: `Categoría, origen y marca: CARNE BOVINA · Chile · Campo ${c.sello}, fila 1` });
    await expect(plegar).toHaveAttribute('aria-expanded', 'false');
    await plegar.click();
    await expect(plegar).toHaveAttribute('aria-expanded', 'true');
    for (const campo of ['Categoría', 'Origen', 'Marca']) await expect(page.getByRole('combobox', { name: `${campo}, fila 1`, exact: true })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Categoría, fila 1', exact: true })).toHaveValue('CARNE BOVINA');
    await expectAccessible(page);
    await shot(page, 'cotizar-movil-desplegada-375');
    await plegar.click();
    await expect(page.getByRole('combobox', { name: 'Categoría, fila 1', exact: true })).toBeHidden();
  });

  test('a quotation made on the phone: a row found by name, a summary within 3 screens, and the results', async ({ page, request }) => {
    // The summary's loading screen lasts 6 s (docs/producto.md §9).
    test.setTimeout(90_000);
    const c = await catalogoPropio(request);
    await abrirCon(page, c.ids.slice(0, 14));
    // The fifteenth row by hand: its name typed in the product box, no category first.
    await page.getByRole('button', { name: '+ Agregar producto' }).click();
    const producto = page.getByRole('combobox', { name: 'Producto, fila 15', exact: true });
    await producto.click();
    await producto.fill(`pavo trozado ${c.sello}`);
    await page.getByRole('option', { name: new RegExp(`^${c.nombres[14]}`) }).click();
    await expect(producto).toHaveValue(c.nombres[14]!);
    await expect(page.getByRole('button', { name: /^Categoría, origen y marca: AVES · Chile.*, fila 15$/ })).toBeVisible();
    await cantidad(page, 15).pressSequentially('150');
    await expect(cantidad(page, 15)).toHaveValue('150');
    expect(await altoDePagina(page)).toBeLessThanOrEqual(4 * PANTALLA_MOVIL.height);

    // A row left without a product: its message shows, the filters of that row unfold with it.
    await page.getByRole('button', { name: '+ Agregar producto' }).click();
    await cantidad(page, 16).fill('100');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(filas(page).nth(15)).toContainText('Fila 16: El campo "Categoría" está incompleto.');
    await expect(page.getByRole('combobox', { name: 'Categoría, fila 16', exact: true })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Categoría, fila 16', exact: true })).toBeFocused();
    await page.getByRole('button', { name: 'Eliminar fila 16', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sí' }).click();
    await page.getByRole('button', { name: 'Continuar' }).click();
    await entregarYResumir(page);

    const productos = page.getByRole('table', { name: 'Productos solicitados' });
    await expect(productos.locator('tbody tr')).toHaveCount(15);
    // The line by hand: its product and quantity first, then its category, origin and brand, small.
    await expect(productos.locator('tbody tr').nth(14)).toHaveText(`${c.nombres[14]}AVESChileCampo ${c.sello}KILO150`);
    await expect(productos.getByRole('cell', { name: c.nombres[14] })).toBeVisible();
    expect(await altoDePagina(page)).toBeLessThanOrEqual(3 * PANTALLA_MOVIL.height);
    await sinScrollLateral(page, PANTALLA_MOVIL.width);
    for (const texto of ['Lo antes posible', 'Cocina Los Andes', 'compras@losandes.cl', 'Calle Larga 450', 'Quilpué'])
      await expect(page.getByRole('definition').filter({ hasText: texto })).toHaveCount(1);
    await expectAccessible(page);
    await paginaEntera(page, 'confirmar-movil-375');
    const generar = page.getByRole('button', { name: 'Generar cotización' });
    await generar.scrollIntoViewIfNeeded();
    await expect(generar).toBeInViewport();
    await generar.click();
    await expect(page.getByRole('heading', { name: 'Las mejores opciones para ti' })).toBeVisible({ timeout: 20_000 });
  });
});

test('at 1280 px the same screens keep their tables: every field in its column, no fold', async ({ page, request }) => {
  test.setTimeout(60_000);
  const c = await catalogoPropio(request);
  await page.setViewportSize({ width: 1280, height: 800 });
  await abrirCon(page, c.ids);
  await expect(page.getByRole('table', { name: 'Productos a cotizar' }).locator('thead')).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Categoría' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Categoría, fila 1', exact: true })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Marca, fila 15', exact: true })).toBeVisible();
  // The fold is the phone's alone.
  await expect(page.getByRole('button', { name: /^Categoría, origen y marca/ })).toHaveCount(0);
  await shot(page, 'cotizar-1280');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await entregarYResumir(page);
  const productos = page.getByRole('table', { name: 'Productos solicitados' });
  await expect(productos.locator('thead')).toBeVisible();
  await expect(productos.getByRole('columnheader')).toHaveText(['Producto', 'Categoría', 'Origen', 'Marca', 'Unidad', 'Cantidad']);
  await expect(page.getByRole('term').filter({ hasText: 'Nombre de contacto' })).toBeVisible();
  await sinScrollLateral(page, 1280);
  await expectAccessible(page);
  await shot(page, 'confirmar-1280');
});
