import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import {
  aprobarProductos,
  createCompradorConDireccion,
  createUserByApi,
  desplegarFiltros,
  loginByApi,
  type ProductoNuevo,
  pick,
  registrarProductos,
  uniqueStamp,
} from '../fixtures';
import { createProveedorListoByApi } from './proveedor-listo';

// A buyer, logged out or in, builds a quotation request on /cotizar, gives its delivery
// data on /datos-cotizacion and reviews it on /confirmar-cotizacion, against the real server,
// on a catalogue of its own: a supplier's products, approved by the e2e moderator.

/** The products of this worker's catalogue (each name ends in this run's stamp), and the origin and brand of the dairy one. */
interface Catalogo {
  abastero: string;
  entrana: string;
  alitas: string;
  leche: string;
  chuleta: string;
  avena: string;
  codorniz: string;
  /** The origin and brand of `abastero`: picking the product fills them. */
  carnes: { origen: string; marca: string };
  /** The only origin of `leche` in LACTEO, and its only brand there. */
  lacteos: { origen: string; marca: string };
}

async function crearCatalogo(request: APIRequestContext): Promise<Catalogo> {
  const sello = uniqueStamp();
  const carnes = { origen: 'Chile', marca: `Carnes ${sello}` };
  const lacteos = { origen: `Uruguay ${sello}`, marca: `Lácteos ${sello}` };
  const c = {
    abastero: `Abastero ${sello}`,
    entrana: `Entraña ${sello}`,
    alitas: `Alitas de pollo ${sello}`,
    leche: `Leche en polvo entera ${sello}`,
    chuleta: `Chuleta centro de cerdo ${sello}`,
    avena: `Avena instantánea ${sello}`,
    codorniz: `Codorniz entera ${sello}`,
  };
  const fila = (nombre: string, categoria: string, sku: string, procedencia = { origen: 'Chile', marca: `Campo ${sello}` }): ProductoNuevo => ({
    sku: `${sku}-${sello}`,
    nombre,
    categoria,
    precio: 5_000,
    stock: 1_000,
    dias: 90,
    ...procedencia,
  });
  const proveedor = await createProveedorListoByApi(request, `Distribuidora ${sello}`);
  await registrarProductos(request, proveedor, [
    fila(c.abastero, 'CARNE BOVINA', 'AB', carnes),
    fila(c.entrana, 'CARNE BOVINA', 'EN', carnes),
    fila(c.alitas, 'POLLO', 'AL'),
    fila(c.leche, 'LACTEO', 'LE', lacteos),
    fila(c.chuleta, 'CERDO', 'CH'),
    fila(c.avena, 'SECOS', 'AV'),
    fila(c.codorniz, 'AVES', 'CO'),
  ]);
  await aprobarProductos(request, Object.values(c));
  return { ...c, carnes, lacteos };
}

let catalogo: Promise<Catalogo> | undefined;
/** This worker's catalogue, made through the API by its first test that needs one, shared by the rest. */
const catalogoPropio = (request: APIRequestContext) => (catalogo ??= crearCatalogo(request));
/** What a buyer types to find a product: in lower case and without accents, which the picker ignores. */
const tecleado = (nombre: string) => nombre.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');

const filas = (page: Page) => page.getByRole('table', { name: 'Productos a cotizar' }).locator('tbody tr');

const cantidad = (page: Page, n: number) => page.getByRole('textbox', { name: `Cantidad, fila ${n}` });

/** Three rows with a problem each: a quantity under the minimum, a row with only its category, a row without quantity. */
async function fillThreeRows(page: Page, c: Catalogo) {
  await expect(page.getByRole('heading', { name: 'Cotizar productos' })).toBeVisible();
  // Typing filters the products, ignoring case and accents; picking one fills its origin, brand and unit.
  await pick(page, 'Categoría, fila 1', 'carne', 'CARNE BOVINA');
  await pick(page, 'Producto, fila 1', tecleado(c.abastero), c.abastero);
  await expect(page.getByRole('combobox', { name: 'Origen, fila 1' })).toHaveValue(c.carnes.origen);
  await expect(page.getByRole('combobox', { name: 'Marca, fila 1' })).toHaveValue(c.carnes.marca);
  await expect(filas(page).nth(0)).toContainText('KILO');
  await cantidad(page, 1).fill('50');

  await page.getByRole('button', { name: '+ Agregar producto' }).click();
  await pick(page, 'Categoría, fila 2', 'POLLO');

  // The cascade: a category opens the origins, an origin narrows the brands, a brand the products.
  await page.getByRole('button', { name: '+ Agregar producto' }).click();
  await expect(page.getByRole('combobox', { name: 'Origen, fila 3' })).toBeDisabled();
  await pick(page, 'Categoría, fila 3', 'LACTEO');
  await pick(page, 'Origen, fila 3', tecleado(c.lacteos.origen), c.lacteos.origen);
  await page.getByRole('combobox', { name: 'Marca, fila 3' }).click();
  await expect(page.getByRole('option')).toHaveText([c.lacteos.marca]);
  await page.getByRole('option', { name: c.lacteos.marca }).click();
  await pick(page, 'Producto, fila 3', tecleado(c.leche), c.leche);
  await expect(filas(page).nth(2)).toContainText('KILO');
}

/** Continuar with the three rows: each message on its own row, then the rows fixed and sent. */
async function seeMessagesThenContinue(page: Page, c: Catalogo) {
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(filas(page).nth(0)).toContainText('Fila 1: La cantidad mínima debe ser de 100 kg.');
  await expect(cantidad(page, 1)).toBeFocused();
  for (const campo of ['Origen', 'Marca', 'Producto', 'Cantidad'])
    await expect(filas(page).nth(1)).toContainText(`Fila 2: El campo "${campo}" está incompleto.`);
  await expect(filas(page).nth(2)).toContainText('Fila 3: El campo "Cantidad" está incompleto.');
  await expect(filas(page).nth(0)).not.toContainText('Fila 2');
  await expect(page.getByText('Debe haber al menos una fila completa y válida en la cotización.')).toBeVisible();
  await expect(page).toHaveURL(/\/cotizar$/);

  // Fixing a field clears its message.
  await cantidad(page, 1).fill('150');
  await expect(filas(page).nth(0)).not.toContainText('Fila 1:');
  await pick(page, 'Producto, fila 2', tecleado(c.alitas), c.alitas);
  // The product filled its origin and brand: their messages go too; the quantity's stays.
  await expect(filas(page).nth(1)).not.toContainText('"origen"');
  await expect(filas(page).nth(1)).not.toContainText('"marca"');
  await expect(filas(page).nth(1)).toContainText('Fila 2: El campo "Cantidad" está incompleto.');
  await cantidad(page, 2).fill('200');
  await cantidad(page, 3).fill('120');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByText('Solicitud guardada correctamente.')).toBeVisible();
  await expect(page).toHaveURL(/\/datos-cotizacion$/);
}

async function fillDelivery(page: Page) {
  await page.getByLabel('Nombre de contacto').fill('Cocina Los Andes');
  await page.getByLabel('Correo de contacto').fill('compras@losandes.cl');
  await page.getByLabel('Teléfono').fill('+56922334455');
  await page.getByLabel('Dirección de envío (opcional)').fill('Calle Larga 450');
  await page.getByLabel('Región', { exact: true }).selectOption({ label: 'Región de Valparaíso' });
  await page.getByLabel('Comuna').selectOption({ label: 'Quilpué' });
}

/** The summary lists the three products and the delivery data. */
async function expectSummary(page: Page, c: Catalogo, entrega: string[]) {
  await expect(page).toHaveURL(/\/confirmar-cotizacion$/);
  const productos = page.getByRole('table', { name: 'Productos solicitados' });
  await expect(productos.locator('tbody tr')).toHaveCount(3);
  for (const texto of [c.abastero, c.alitas, c.leche, '150', '200', '120']) await expect(productos).toContainText(texto);
  const datos = page.getByRole('definition');
  for (const texto of entrega) await expect(datos.filter({ hasText: texto })).toHaveCount(1);
}

test('logged out: three rows, each message on its row, delivery data, and the summary that opens the results', async ({ page, request }) => {
  // The summary's loading screen lasts 6 s (docs/producto.md §9).
  test.setTimeout(60_000);
  const c = await catalogoPropio(request);
  await page.goto('/cotizar');
  await fillThreeRows(page, c);

  // The quantity takes digits only, without a leading zero, up to 9999.
  const q = cantidad(page, 2);
  await q.pressSequentially('0a-');
  await expect(q).toHaveValue('');
  await q.pressSequentially('99999');
  await expect(q).toHaveValue('9999');
  await q.fill('');

  // Removing asks first; No keeps the row, Sí removes it.
  await page.getByRole('button', { name: '+ Agregar producto' }).click();
  await expect(filas(page)).toHaveCount(4);
  await page.getByRole('button', { name: 'Eliminar fila 4' }).click();
  const dialog = page.getByRole('dialog', { name: '¿Estás seguro de que deseas eliminar este producto?' });
  await dialog.getByRole('button', { name: 'No' }).click();
  await expect(filas(page)).toHaveCount(4);
  await page.getByRole('button', { name: 'Eliminar fila 4' }).click();
  await dialog.getByRole('button', { name: 'Sí' }).click();
  await expect(filas(page)).toHaveCount(3);

  await seeMessagesThenContinue(page, c);

  // Anonymous: nothing to prefill; the comuna waits for a región.
  await expect(page.getByLabel('Nombre de contacto')).toHaveValue('');
  await expect(page.getByLabel('Comuna')).toBeDisabled();
  await page.getByLabel('Teléfono').fill('12');
  await page.getByLabel('Fecha de entrega (opcional)').fill('01-01-2020');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByText('Debe tener al menos 8 dígitos')).toBeVisible();
  await expect(page.getByText('No puedes seleccionar una fecha pasada')).toBeVisible();
  await page.getByLabel('Fecha de entrega (opcional)').fill('');
  await fillDelivery(page);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expectSummary(page, c, ['Cocina Los Andes', 'compras@losandes.cl', '+56 9 2233 4455', 'Calle Larga 450', 'Región de Valparaíso', 'Quilpué']);

  // Back to the products: the saved request is edited (its clave travels in session storage), not duplicated.
  const { id } = await page.evaluate(() => JSON.parse(sessionStorage.getItem('solicitud')!));
  await page.getByRole('button', { name: 'Modificar productos' }).click();
  await cantidad(page, 3).fill('300');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(/\/datos-cotizacion$/);
  await expect(page.getByLabel('Nombre de contacto')).toHaveValue('Cocina Los Andes');
  expect((await page.evaluate(() => JSON.parse(sessionStorage.getItem('solicitud')!))).id).toBe(id);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('table', { name: 'Productos solicitados' })).toContainText('300');

  // The anonymous request is compared with its clave; the results follow (tests/e2e/comparacion-y-compra.spec.ts goes on from there).
  await page.getByRole('button', { name: 'Generar cotización' }).click();
  await expect(page.getByRole('heading', { name: 'Las mejores opciones para ti' })).toBeVisible({ timeout: 20_000 });
});

test('removing the only row is refused with its message; the server places its refusal on the right row', async ({ page, request }) => {
  const c = await catalogoPropio(request);
  await page.goto('/cotizar');
  await page.getByRole('button', { name: 'Eliminar fila 1' }).click();
  await expect(page.getByText('Debe haber al menos un producto en la cotización.')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(filas(page)).toHaveCount(1);

  // The same product twice: the server refuses the second row by name.
  await pick(page, 'Categoría, fila 1', 'CERDO');
  await pick(page, 'Producto, fila 1', tecleado(c.chuleta), c.chuleta);
  await cantidad(page, 1).fill('100');
  await page.getByRole('button', { name: '+ Agregar producto' }).click();
  await pick(page, 'Categoría, fila 2', 'CERDO');
  await pick(page, 'Producto, fila 2', tecleado(c.chuleta), c.chuleta);
  await cantidad(page, 2).fill('100');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByText('Error al realizar la solicitud, intente de nuevo más tarde')).toBeVisible();
  await expect(filas(page).nth(1)).toContainText(`Fila 2: El producto "${c.chuleta}" ya está en otra fila de la cotización.`);
  await expect(filas(page).nth(0)).not.toContainText('Fila');
  await expect(page).toHaveURL(/\/cotizar$/);

  // Cancelar leaves for the home page; the rows wait in session storage for the next visit.
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('link', { name: 'Cotiza ahora' }).click();
  await expect(page.getByRole('combobox', { name: 'Producto, fila 2' })).toHaveValue(c.chuleta);
});

test('a buyer with a saved address finds it prefilled and reaches the summary', async ({ page, request }) => {
  const c = await catalogoPropio(request);
  const comprador = await createCompradorConDireccion(request, {
    nombre_contacto: 'Daniela Araya',
    correo_contacto: 'daniela.araya@prueba.cl',
    telefono_contacto: '+56912345678',
    direccion_envio: 'Av. Providencia 1234',
    region: 13,
    comuna: 13123,
  });
  await loginByApi(page, comprador.email, comprador.password, '/cotizar');
  await fillThreeRows(page, c);
  await seeMessagesThenContinue(page, c);

  await expect(page.getByLabel('Nombre de contacto')).toHaveValue('Daniela Araya');
  await expect(page.getByLabel('Dirección de envío (opcional)')).toHaveValue('Av. Providencia 1234');
  await expect(page.getByLabel('Región', { exact: true })).toHaveValue('13');
  await expect(page.getByLabel('Comuna')).toHaveValue('13123');
  await expect(page.getByLabel('Usar una dirección guardada')).toContainText('Daniela Araya');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expectSummary(page, c, ['Daniela Araya', '+56 9 1234 5678', 'Av. Providencia 1234', 'Región Metropolitana de Santiago']);
});

/** Adds a saved address through the API, as /direcciones-agregar does. */
async function addDireccion(request: APIRequestContext, access: string, nombre: string, calle: string) {
  const res = await request.post('/api/cotizaciones/direccion/agregar/', {
    headers: { authorization: `JWT ${access}` },
    data: {
      nombre_contacto: nombre,
      correo_contacto: 'local@prueba.cl',
      telefono_contacto: '+56912345678',
      direccion_envio: calle,
      region: 5,
      comuna: 5801,
      cotizante_id: '',
      fecha_entrega: '',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number };
}

test("another saved address can be copied in; deleting it afterwards leaves the request's delivery data intact", async ({ page, request }) => {
  // The summary's loading screen lasts 6 s (docs/producto.md §9).
  test.setTimeout(60_000);
  const c = await catalogoPropio(request);
  const user = await createUserByApi(request, 'comprador');
  const { access } = await loginByApi(page, user.email, user.password, '/404-vacia');
  await addDireccion(request, access, 'Bodega Quilpué', 'Avenida Los Carrera 1020');
  const sucursal = await addDireccion(request, access, 'Sucursal Centro', 'Calle Blanco 77');

  await page.goto('/cotizar');
  await fillThreeRows(page, c);
  await seeMessagesThenContinue(page, c);
  // The active address (the first one saved) prefills; the select copies another one's fields.
  await expect(page.getByLabel('Nombre de contacto')).toHaveValue('Bodega Quilpué');
  await page.getByLabel('Usar una dirección guardada').selectOption({ label: 'Sucursal Centro — Calle Blanco 77, Quilpué' });
  await expect(page.getByLabel('Nombre de contacto')).toHaveValue('Sucursal Centro');
  await expect(page.getByLabel('Dirección de envío (opcional)')).toHaveValue('Calle Blanco 77');
  await expect(page.getByLabel('Comuna')).toHaveValue('5801');
  await expect(page.getByLabel('Usar una dirección guardada')).toHaveValue(String(sucursal.id));
  // Typing over it: the form is no longer that address.
  await page.getByLabel('Teléfono').fill('+56933445566');
  await expect(page.getByLabel('Usar una dirección guardada')).toHaveValue('');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expectSummary(page, c, ['Sucursal Centro', 'Calle Blanco 77', 'Quilpué']);

  // The saved address goes away; the request keeps its own copy.
  const res = await request.delete(`/api/cotizaciones/direccion/${sucursal.id}/eliminar/`, { headers: { authorization: `JWT ${access}` } });
  expect(res.status()).toBeLessThan(300);
  await page.reload();
  await expectSummary(page, c, ['Sucursal Centro', 'Calle Blanco 77', 'Quilpué']);
  // Generating re-saves the delivery data first (docs/producto.md §4.3): that still works, and the results follow.
  await page.getByRole('button', { name: 'Generar cotización' }).click();
  await expect(page.getByRole('heading', { name: 'Las mejores opciones para ti' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Ocurrió un error al confirmar la cotización')).toHaveCount(0);
  const cotizante = await page.evaluate(() => JSON.parse(sessionStorage.getItem('cotizante')!));
  expect(cotizante).toMatchObject({
    nombre_contacto: 'Sucursal Centro',
    telefono_contacto: '+56933445566',
    direccion_envio: 'Calle Blanco 77',
    comuna_nombre: 'Quilpué',
  });
});

/** Each row a card (at 375 px /cotizar's is a compact grid, the summary's a line: docs/decisions/018-flujos-y-avisos.md). */
async function expectCards(page: Page, rows: Locator, display: string) {
  await expect(page.getByRole('table', { name: /./ }).first().locator('thead')).toBeHidden();
  await expect(rows.first()).toHaveCSS('display', display);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

test('at 375 px each row is a card; rows survive a reload; tampered session storage never blanks a screen', async ({ page, request }) => {
  const c = await catalogoPropio(request);
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/cotizar');
  await desplegarFiltros(page, 1);
  await pick(page, 'Categoría, fila 1', 'SECOS');
  await pick(page, 'Producto, fila 1', tecleado(c.avena), c.avena);
  await cantidad(page, 1).fill('250');
  await page.getByRole('button', { name: '+ Agregar producto' }).click();
  await desplegarFiltros(page, 2);
  await pick(page, 'Categoría, fila 2', 'VEGETALES');
  await expectCards(page, filas(page), 'grid');
  // An open list stays within the screen too.
  await page.getByRole('combobox', { name: 'Producto, fila 2' }).click();
  await expect(page.getByRole('listbox')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.keyboard.press('Escape');

  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Producto, fila 1' })).toHaveValue(c.avena);
  await expect(cantidad(page, 1)).toHaveValue('250');
  await expect(page.getByRole('combobox', { name: 'Categoría, fila 2', includeHidden: true })).toHaveValue('VEGETALES');

  // A tampered row list is dropped: one empty row, not a blank screen.
  await page.evaluate(() => sessionStorage.setItem('filasCotizacion', '[{"key":"x","categoria":"1 OR 1=1"}]'));
  await page.reload();
  await expect(filas(page)).toHaveCount(1);
  await expect(page.getByRole('combobox', { name: 'Categoría, fila 1', includeHidden: true })).toHaveValue('');
  // A row naming a product that does not exist keeps what is real and clears the rest.
  await page.evaluate(() =>
    sessionStorage.setItem('filasCotizacion', JSON.stringify([{ key: 'a', categoria: 7, origen: 'Marte', marca: null, producto: 999999, cantidad: '300' }])),
  );
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Categoría, fila 1', includeHidden: true })).toHaveValue('SECOS');
  await expect(page.getByRole('combobox', { name: 'Origen, fila 1', includeHidden: true })).toHaveValue('');
  await expect(page.getByRole('combobox', { name: 'Producto, fila 1' })).toHaveValue('');
  await expect(cantidad(page, 1)).toHaveValue('300');

  // A well-formed request that is not this buyer's (a guessed id, a wrong clave): the server refuses it, nothing is saved.
  await page.evaluate(() =>
    sessionStorage.setItem(
      'solicitud',
      JSON.stringify({
        id: 1,
        fecha_creacion: '2026-01-01T00:00:00Z',
        clave: 'adivinada',
        detalles: [{ producto_id: 1, cantidad: 100, categoria: 'SECOS', origen: 'Chile', marca: 'X', producto_nombre: 'Y', unidad: 'KILO' }],
      }),
    ),
  );
  await page.goto('/datos-cotizacion');
  await fillDelivery(page);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByText('Error al registrar los datos de entrega.')).toBeVisible();
  await expect(page).toHaveURL(/\/datos-cotizacion$/);
  expect(await page.evaluate(() => sessionStorage.getItem('cotizante'))).toBeNull();

  // Without a valid saved request or delivery data, the later screens send the buyer back to /cotizar.
  await page.evaluate(() => sessionStorage.setItem('solicitud', '{"id":"1; DROP TABLE"}'));
  await page.goto('/datos-cotizacion');
  await expect(page).toHaveURL(/\/cotizar$/);
  await expect(page.getByRole('heading', { name: 'Cotizar productos' })).toBeVisible();
  await page.evaluate(() => sessionStorage.setItem('cotizante', 'no es json'));
  await page.goto('/confirmar-cotizacion');
  await expect(page).toHaveURL(/\/cotizar$/);
  await expect(page.getByRole('heading', { name: 'Cotizar productos' })).toBeVisible();
  expect(await page.evaluate(() => [sessionStorage.getItem('solicitud'), sessionStorage.getItem('cotizante')])).toEqual([null, null]);
});

test('the summary at 375 px: product cards and delivery data within the screen', async ({ page, request }) => {
  const c = await catalogoPropio(request);
  await page.goto('/cotizar');
  await fillThreeRows(page, c);
  await seeMessagesThenContinue(page, c);
  await fillDelivery(page);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.setViewportSize({ width: 375, height: 740 });
  await expectSummary(page, c, ['Cocina Los Andes', 'Quilpué']);
  await expectCards(page, page.getByRole('table', { name: 'Productos solicitados' }).locator('tbody tr'), 'flex');
});

/** No serious axe violation and nothing wider than the screen. Toasts are left out: one fading away reads as low contrast, and app-accesibilidad.spec.ts checks them shown. */
async function expectAccessible(page: Page, width: number) {
  const { violations } = await new AxeBuilder({ page }).exclude('[data-sonner-toaster]').analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.target}`)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

for (const width of [1280, 375]) {
  test(`at ${width} px the three screens are accessible and the pickers work with the keyboard alone`, async ({ page, request }) => {
    // Three axe passes: 22–24 s on an idle 2-core machine, over 30 s on a loaded CI run.
    test.setTimeout(60_000);
    const c = await catalogoPropio(request);
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/cotizar');
    // On a phone the filters are folded; their button is reached by the keyboard too.
    if (width === 375) {
      await expect(page.getByRole('combobox', { name: 'Producto, fila 1' })).toBeVisible();
      await page.getByRole('button', { name: 'Categoría, origen y marca, fila 1' }).focus();
      await page.keyboard.press('Enter');
    }
    const categoria = page.getByRole('combobox', { name: 'Categoría, fila 1' });
    await categoria.focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('listbox', { name: 'Categoría, fila 1' })).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(categoria).toHaveValue('CARNE BOVINA');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('combobox', { name: 'Producto, fila 1' })).toBeFocused();
    await page.keyboard.type(tecleado(c.entrana));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('combobox', { name: 'Producto, fila 1' })).toHaveValue(c.entrana);
    await page.keyboard.press('Tab');
    await page.keyboard.type('150');
    await page.getByRole('button', { name: '+ Agregar producto' }).click();
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(filas(page).nth(1)).toContainText('Fila 2: El campo "Categoría" está incompleto.');
    await expectAccessible(page, width);

    await page.getByRole('button', { name: 'Eliminar fila 2' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sí' }).click();
    await page.getByRole('button', { name: 'Continuar' }).click();
    // The next screen is a lazy route: the previous one stays up until it has loaded.
    await expect(page.getByRole('heading', { name: 'Datos de entrega' })).toBeVisible();
    await page.getByRole('button', { name: 'Continuar' }).click();
    // An empty form: the name, e-mail and phone are asked for, each under its field.
    await expect(page.getByText('Este campo es obligatorio')).toHaveCount(3);
    await expectAccessible(page, width);

    await fillDelivery(page);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByRole('heading', { name: 'Resumen de la solicitud' })).toBeVisible();
    await expectAccessible(page, width);
  });
}

test('logging in halfway keeps the same request and delivery data, now the buyer’s', async ({ page, request }) => {
  const c = await catalogoPropio(request);
  const user = await createUserByApi(request, 'comprador');
  await page.goto('/cotizar');
  await pick(page, 'Categoría, fila 1', 'AVES');
  await pick(page, 'Producto, fila 1', tecleado(c.codorniz), c.codorniz);
  await cantidad(page, 1).fill('100');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(/\/datos-cotizacion$/);
  await fillDelivery(page);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(/\/confirmar-cotizacion$/);
  const antes = await page.evaluate(() => [JSON.parse(sessionStorage.getItem('solicitud')!), JSON.parse(sessionStorage.getItem('cotizante')!)]);
  expect(antes[0].clave).toBeTruthy();

  await loginByApi(page, user.email, user.password, '/cotizar');
  await expect(page.getByRole('combobox', { name: 'Producto, fila 1' })).toHaveValue(c.codorniz);
  await cantidad(page, 1).fill('200');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(/\/datos-cotizacion$/);
  await expect(page.getByLabel('Nombre de contacto')).toHaveValue('Cocina Los Andes');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(/\/confirmar-cotizacion$/);
  await expect(page.getByRole('table', { name: 'Productos solicitados' })).toContainText('200');
  const despues = await page.evaluate(() => [JSON.parse(sessionStorage.getItem('solicitud')!), JSON.parse(sessionStorage.getItem('cotizante')!)]);
  // Same records, taken over by the account: no clave any more, the token opens them.
  expect(despues[0]).toMatchObject({ id: antes[0].id, clave: null });
  expect(despues[1]).toMatchObject({ cotizante_id: antes[1].cotizante_id, clave: null });
});
