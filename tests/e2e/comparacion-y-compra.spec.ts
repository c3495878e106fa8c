import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { formatClp } from '#common/format';
import { conIva } from '#common/iva';
import {
  aprobarProductos,
  createCompradorConDireccion,
  createUserByApi,
  type E2EProveedor,
  expectAccessible,
  fillFilaCotizacion,
  generarCotizacion,
  type LineaCotizacion,
  loginByApi,
  readMailLink,
  registrarProductos,
  shot,
  uniqueEmail,
  uniqueStamp,
} from '../fixtures';
import { createProveedorListoByApi } from './proveedor-listo';

// From the summary to the order, against the real server: results (swap an option, the
// stock confirmation, another supplier for the shortfall), billing with and without data, the
// confirmation, and both browser-kept histories; at 1280 and 375 px. The summary's 6-second
// loading screen is real, so there are two full journeys only.
//
// Each test makes its own market (escenario below): three new suppliers, three products of their
// own approved by the e2e moderator, and the offers, so the winners are known from these numbers
// alone, whatever the demo catalogue and other specs hold. Asked for 280 kg of each:
// - the main product: the cheapest supplies all (its 'Desde 100 kg' price, and 20 kg more reach
//   'Desde 300 kg'); a dearer one has only 80 kg, another 1,000 kg at a higher price still;
// - the second: only the third supplier sells it, with `stockSegundo` kg;
// - the third: only the cheapest supplier sells it.

const RANGO_100 = 'Desde 100 kg';
const RANGO_300 = 'Desde 300 kg';
const PRECIO = {
  barato: { tarifa: 9_990, [RANGO_100]: 9_490, [RANGO_300]: 8_990 },
  escaso: 9_790,
  caro: 10_490,
  segundo: 2_490,
  tercero: 1_890,
};

type Linea = LineaCotizacion;

interface Escenario {
  /** Supplies all of the main product, and the third. */
  barato: E2EProveedor;
  /** Has only 80 kg of the main product. */
  escaso: E2EProveedor;
  /** 1,000 kg of the main product at a higher price; the only seller of the second. */
  caro: E2EProveedor;
  productos: [principal: Linea, segundo: Linea, tercero: Linea];
  marca: string;
}

/** Three new suppliers named `empresas` and three products of their own (category, name), offered and approved; every name stamped. */
async function escenario(
  request: APIRequestContext,
  empresas: [barato: string, escaso: string, caro: string],
  productos: [principal: [categoria: string, nombre: string], segundo: [string, string], tercero: [string, string]],
  stockSegundo: number,
): Promise<Escenario> {
  const sello = uniqueStamp();
  const [barato, escaso, caro] = await Promise.all(empresas.map((e) => createProveedorListoByApi(request, `${e} ${sello}`)));
  const [principal, segundo, tercero] = productos.map(([categoria, nombre]) => ({ categoria, nombre: `${nombre} ${sello}` }));
  const marca = `Estancia ${sello}`;
  // The cheapest proposes the main product (two lots) and the third; the dearest, the second.
  const { tarifa, ...rangos } = PRECIO.barato;
  const comun = { categoria: principal!.categoria, nombre: principal!.nombre, origen: 'Argentina', marca };
  await registrarProductos(request, barato!, [
    { ...comun, sku: `A1-${sello}`, precio: tarifa, rangos, stock: 600, dias: 60 },
    { ...comun, sku: `A1-${sello}`, precio: tarifa, rangos, stock: 400, dias: 120 },
    { ...tercero!, sku: `A3-${sello}`, precio: PRECIO.tercero, stock: 500, dias: 90 },
  ]);
  await registrarProductos(request, caro!, [{ ...segundo!, sku: `C2-${sello}`, precio: PRECIO.segundo, stock: stockSegundo, dias: 90 }]);
  const ids = await aprobarProductos(request, [principal!.nombre, segundo!.nombre, tercero!.nombre]);
  // The other two offer the approved main product, as an upload's 'new products' group does.
  const producto = ids[principal!.nombre]!;
  await registrarProductos(request, escaso!, [{ ...comun, producto, sku: `B1-${sello}`, precio: PRECIO.escaso, stock: 80, dias: 90 }]);
  await registrarProductos(request, caro!, [{ ...comun, producto, sku: `C1-${sello}`, precio: PRECIO.caro, stock: 1_000, dias: 90 }]);
  // Typed in lower case: the pickers filter ignoring case.
  const linea = (p: { categoria: string; nombre: string }): Linea => ({
    categoria: [p.categoria.toLowerCase(), p.categoria],
    producto: [p.nombre.toLowerCase(), p.nombre],
  });
  return { barato: barato!, escaso: escaso!, caro: caro!, productos: [linea(principal!), linea(segundo!), linea(tercero!)], marca };
}

const nombre = (l: Linea) => l.producto[1];

/** /cotizar with three rows of 280 kg each, on to the delivery data. */
async function quote(page: Page, lineas: readonly Linea[]) {
  await expect(page.getByRole('heading', { name: 'Cotizar productos' })).toBeVisible();
  for (const [i, l] of lineas.entries()) await fillFilaCotizacion(page, i + 1, l, 280);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(/\/datos-cotizacion$/);
}

/** The selection: one region of every supplier's block, each block a table of its lines. */
const tabla = (page: Page) => page.getByRole('region', { name: 'Opciones seleccionadas' });
/** A line of `producto` in `proveedor`'s block: a table row, or on a phone a compact line (docs/decisions/018, 'En el teléfono'). */
const fila = (page: Page, producto: string, proveedor: string) =>
  tabla(page).getByRole('region', { name: proveedor, exact: true }).locator('tbody tr, li').filter({ hasText: producto });

/** A line's button; on a phone it is in the line's details, opened first. */
async function pulsar(page: Page, name: string) {
  if (!(await page.getByRole('button', { name }).isVisible()))
    await tabla(page)
      .locator('details')
      .filter({ has: page.getByRole('button', { name, includeHidden: true }) })
      .locator('summary')
      .click();
  await page.getByRole('button', { name }).click();
}

/**
 * Swaps the selected supplier of `producto` for one with less stock than the line supplies: the
 * stock confirmation, then the line supplies 80 and 200 kg are missing, which another supplier covers.
 */
async function swapThenCover(page: Page, producto: string, desde: string, escasa: string, otra: string) {
  await pulsar(page, `Ver alternativas a ${desde} para ${producto}`);
  const alternativas = page.getByRole('dialog', { name: `Opciones alternativas: ${producto}` });
  await expect(alternativas).toContainText('Stock: 80 kg');
  await shot(page, `alternativas-${page.viewportSize()!.width}`);
  await alternativas.getByRole('button', { name: `Elegir ${escasa}` }).click();

  // docs/producto.md §4.5: fewer than the 280 kg the line supplies; No keeps the line as it was.
  const confirmar = page.getByRole('dialog', { name: 'Stock insuficiente' });
  await expect(confirmar).toContainText(`${escasa} tiene 80 kg disponibles`);
  await shot(page, `confirmar-stock-${page.viewportSize()!.width}`);
  await confirmar.getByRole('button', { name: 'No' }).click();
  await expect(fila(page, producto, desde)).toBeVisible();
  await pulsar(page, `Ver alternativas a ${desde} para ${producto}`);
  await alternativas.getByRole('button', { name: `Elegir ${escasa}` }).click();
  await confirmar.getByRole('button', { name: 'Sí' }).click();

  // The swap toggled the two options; the line now supplies min(80, 280) and misses 200 kg.
  await expect(fila(page, producto, desde)).toHaveCount(0);
  await expect(fila(page, producto, escasa)).toContainText('80');
  await expect(fila(page, producto, escasa)).toContainText('Stock insuficiente: faltan 200 kg');
  await pulsar(page, `Ver alternativas a ${escasa} para ${producto}`);
  await expect(alternativas.getByRole('button', { name: `Elegir ${desde}` })).toBeVisible();
  await alternativas.getByRole('button', { name: 'Cerrar' }).click();

  await pulsar(page, `Agregar proveedor para ${producto}`);
  const agregar = page.getByRole('dialog', { name: `Agregar proveedor: ${producto}` });
  await expect(agregar).toContainText('Faltan 200 kg para completar lo que pediste.');
  await shot(page, `agregar-proveedor-${page.viewportSize()!.width}`);
  await agregar.getByRole('button', { name: `Agregar ${otra}` }).click();
  await expect(fila(page, producto, otra)).toContainText('200');
  await expect(tabla(page)).not.toContainText('Stock insuficiente: faltan 200 kg');
  await expect(page.getByRole('button', { name: `Agregar proveedor para ${producto}` })).toHaveCount(0);
  await shot(page, `resultado-cambiado-${page.viewportSize()!.width}`);
}

/** Comprar: the server takes the choice (PUT actualizar answers 200, stock checked there too), then billing. */
async function buy(page: Page) {
  const actualizar = page.waitForResponse((r) => r.url().includes('/actualizar/') && r.request().method() === 'PUT');
  await page.getByRole('button', { name: 'Comprar' }).click();
  expect((await actualizar).status()).toBe(200);
  await expect(page).toHaveURL(/\/facturacion$/);
}

/** The confirmation: the order's number, and the quotation flow gone from session storage (docs/producto.md §4.6). */
async function expectConfirmation(page: Page): Promise<number> {
  await expect(page).toHaveURL(/\/confirmacion$/);
  const numero = page.getByText(/Número de orden: \d+/);
  await expect(numero).toBeVisible();
  const ordenId = Number((await numero.textContent())!.match(/\d+/)![0]);
  const restos = await page.evaluate(() => ['filasCotizacion', 'solicitud', 'cotizante', 'cotizacion', 'seleccion'].map((k) => sessionStorage.getItem(k)));
  expect(restos).toEqual([null, null, null, null, null]);
  return ordenId;
}

async function expectNoSideScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

async function confirmDelete(page: Page, button: Locator, pregunta: string, toast: string) {
  await button.click();
  await page.getByRole('dialog', { name: pregunta }).getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText(toast)).toBeVisible();
}

test('logged out at 1280 px: swap, stock confirmation, another supplier, billing with data; the histories after logging in', async ({ page }) => {
  // The order waits for its e-mail and is confirmed from it, at 1280 and 375 px: a minute more than the journey alone.
  test.setTimeout(180_000);
  const e = await escenario(
    page.request,
    ['Frigorífico Los Andes', 'Congelados Patagonia', 'Carnes del Maule'],
    [
      ['CARNE BOVINA', 'Lomo de guanaco'],
      ['SECOS', 'Fideos de quinoa'],
      ['SECOS', 'Arroz de Cachapoal'],
    ],
    120,
  );
  const [principal, segundo, tercero] = e.productos.map(nombre) as [string, string, string];
  const comprador = await createUserByApi(page.request, 'comprador');
  const contacto = uniqueEmail('compras');
  await page.goto('/cotizar');
  await quote(page, e.productos);
  await page.getByLabel('Nombre de contacto').fill('Cocina Los Andes');
  await page.getByLabel('Correo de contacto').fill(contacto);
  await page.getByLabel('Teléfono').fill('+56922334455');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await generarCotizacion(page);

  // The three products with supplier, CLP prices and the total; the shortfall and the next-tier nudge.
  const barato = fila(page, principal, e.barato.empresa);
  await expect(barato).toContainText(formatClp(PRECIO.barato[RANGO_100]));
  await expect(barato).toContainText(formatClp(280 * PRECIO.barato[RANGO_100]));
  await expect(barato).toContainText(`Agrega 20 kg y pagas ${formatClp(PRECIO.barato[RANGO_300])}/kg`);
  await expect(fila(page, segundo, e.caro.empresa)).toContainText('Stock insuficiente: faltan 160 kg');
  await expect(fila(page, tercero, e.barato.empresa)).toContainText(formatClp(280 * PRECIO.tercero));
  await expect(page.getByLabel('Total')).toContainText(formatClp(280 * PRECIO.barato[RANGO_100] + 120 * PRECIO.segundo + 280 * PRECIO.tercero));
  // Prices are net, said once above them; the total panel adds the IVA once on the whole.
  await expectMontos(page.getByLabel('Montos de la compra'), 280 * PRECIO.barato[RANGO_100] + 120 * PRECIO.segundo + 280 * PRECIO.tercero);
  await expect(page.getByText(/Precios netos, sin IVA\./)).toBeVisible();
  // No other supplier sells the missing second product: nothing to add there.
  await expect(page.getByRole('button', { name: `Agregar proveedor para ${segundo}` })).toHaveCount(0);
  await shot(page, 'resultado-1280');
  await expectAccessible(page);

  await swapThenCover(page, principal, e.barato.empresa, e.escaso.empresa, e.caro.empresa);
  // The nudge was for the supplier that left the line.
  await expect(tabla(page)).not.toContainText('Agrega 20 kg');
  await expect(page.getByText('Cambiaste la selección')).toBeVisible();

  // The choice survives a reload (session storage); Volver and back keep it too.
  await page.reload();
  await expect(fila(page, principal, e.escaso.empresa)).toContainText('80');
  await expect(fila(page, principal, e.caro.empresa)).toContainText('200');
  await page.getByRole('button', { name: 'Volver' }).click();
  await expect(page).toHaveURL(/\/confirmar-cotizacion$/);
  await page.goBack();
  await expect(fila(page, principal, e.caro.empresa)).toContainText('200');

  await buy(page);
  // What the order will buy is on the page before anything is bought.
  await expect(page.getByRole('table', { name: `Productos de ${e.caro.empresa}` })).toContainText('200 kg');
  await expect(page.getByRole('table', { name: `Productos de ${e.escaso.empresa}` })).toContainText('80 kg');
  await expectMontos(
    page.getByLabel('Total de la compra'),
    80 * PRECIO.escaso + 200 * PRECIO.caro + 120 * PRECIO.segundo + 280 * PRECIO.tercero,
    'Total de la compra',
  );
  const pregunta = page.getByRole('dialog', { name: 'Datos de facturación' });
  await expect(pregunta).toContainText('¿Deseas ingresar datos de facturación para esta compra?');
  await shot(page, 'facturacion-pregunta-1280');
  await pregunta.getByRole('button', { name: 'Sí' }).click();

  // The shared schema's Spanish messages, before anything is sent.
  await page.getByLabel('Razón social').fill('Cocina 2000');
  await page.getByLabel('Dirección de facturación').fill('Calle Larga');
  await page.getByRole('button', { name: 'Confirmar compra' }).click();
  await expect(page.getByText('La razón social no puede contener números')).toBeVisible();
  await expect(page.getByText('Debe contener el numero de dirección')).toBeVisible();
  await expect(page).toHaveURL(/\/facturacion$/);

  await page.getByLabel('RUT').fill('12.345.678-5');
  await page.getByLabel('Razón social').fill('Cocina Los Andes SpA');
  await page.getByLabel('Giro comercial').fill('Restaurante');
  await page.getByLabel('Dirección de facturación').fill('Calle Larga 450');
  await page.getByLabel('Teléfono').fill('+56922334455');
  await page.getByLabel('Correo electrónico').fill('facturas@losandes.cl');
  await expect(page.getByLabel('Comuna')).toBeDisabled();
  await page.getByLabel('Región', { exact: true }).selectOption({ label: 'Región de Valparaíso' });
  await page.getByLabel('Comuna').selectOption({ label: 'Quilpué' });
  await page.getByLabel('Rubro').selectOption({ label: 'Restaurante' });
  await page.getByLabel('Método de pago').selectOption({ label: 'Transferencia bancaria' });
  await shot(page, 'facturacion-form-1280');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Confirmar compra' }).click();

  // Without an account the order waits for its contact (docs/decisions/007): the page says what to do, the e-mail has the link.
  await expect(page).toHaveURL(/\/confirmacion$/);
  await expect(page.getByRole('heading', { name: 'Revisa tu correo para confirmar tu orden' })).toBeVisible();
  // Nothing is bought yet: the tab says so too.
  await expect(page).toHaveTitle('Confirma tu orden · Abastece');
  await expect(page.getByText(`Te enviamos un correo a ${contacto} con el asunto «Confirma tu orden».`, { exact: false })).toBeVisible();
  await expect(page.getByText('Número de orden')).toHaveCount(0);
  await shot(page, 'por-confirmar-1280');
  await expectAccessible(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoSideScroll(page, 375);
  await shot(page, 'por-confirmar-375');
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.goto(await readMailLink(contacto, 'confirmar-orden'));
  await expect(page.getByRole('heading', { name: 'Confirma tu orden' })).toBeVisible();
  await shot(page, 'confirmar-orden-1280');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Confirmar mi orden' }).click();
  const ordenId = await expectConfirmation(page);
  await expect(page).toHaveTitle('Orden confirmada · Abastece');
  await shot(page, 'confirmacion-1280');
  // Confirmed: the link answers the same order; the page of a lapsed or unknown one says to quote again.
  await page.goto(await readMailLink(contacto, 'confirmar-orden'));
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByRole('heading', { name: 'Confirma tu orden' })).toBeVisible();
  await expectNoSideScroll(page, 375);
  await shot(page, 'confirmar-orden-375');
  await page.getByRole('button', { name: 'Confirmar mi orden' }).click();
  await expect(page.getByText(`Número de orden: ${ordenId}`)).toBeVisible();
  await page.goto(`/confirmar-orden/${'A'.repeat(43)}`);
  await page.getByRole('button', { name: 'Confirmar mi orden' }).click();
  await expect(page.getByRole('alert')).toHaveText(/^Este enlace para confirmar una orden no es válido\. .*cotiza de nuevo para comprar\.$/);
  await expect(page.getByRole('link', { name: 'Cotizar de nuevo' })).toBeVisible();
  await expectNoSideScroll(page, 375);
  await shot(page, 'confirmar-orden-invalido-375');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/confirmacion');
  await expect(page).toHaveURL(/\/$/);

  // The histories are this browser's: logging in shows the quotation and the order just made.
  await loginByApi(page, comprador.email, comprador.password, '/historial');
  await expect(page.getByRole('heading', { name: 'Mi Historial de Cotizaciones' })).toBeVisible();
  const cotizacion = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /Cotización N° \d+/ }) });
  await expect(cotizacion).toHaveCount(1);
  for (const texto of [principal, segundo, tercero, 'CARNE BOVINA', 'Argentina', e.marca, 'KILO', '280']) await expect(cotizacion).toContainText(texto);
  await expect(cotizacion).toContainText(/\d{1,2} de [a-z]+ de \d{4}/);
  await shot(page, 'historial-1280');

  await page.getByRole('link', { name: 'Ver historial de órdenes de compra' }).click();
  await expect(page.getByRole('heading', { name: 'Historial de Órdenes de Compra' })).toBeVisible();
  // createUserByApi's buyer is Ana Pérez.
  await expect(page.getByText('Hola, Ana.')).toBeVisible();
  const orden = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `Orden N° ${ordenId}` }) });
  for (const texto of [
    '12.345.678-5',
    'Cocina Los Andes SpA',
    'Restaurante',
    'Calle Larga 450',
    '+56 9 2233 4455',
    'Región de Valparaíso',
    'Quilpué',
    'Transferencia bancaria',
  ])
    await expect(orden).toContainText(texto);
  await shot(page, 'ordenes-1280');
  await expectAccessible(page);

  await confirmDelete(
    page,
    orden.getByRole('button', { name: `Eliminar la orden N° ${ordenId} del historial` }),
    '¿Deseas eliminar esta orden del historial?',
    'Orden eliminada del historial',
  );
  // Placed without an account, the order was only this browser's: it is gone from the list.
  await expect(orden).toHaveCount(0);
  await page.getByRole('link', { name: 'Ver historial de cotizaciones' }).click();
  await confirmDelete(
    page,
    page.getByRole('button', { name: /Eliminar la cotización N° \d+ del historial/ }),
    '¿Deseas eliminar esta cotización del historial?',
    'Cotización eliminada del historial',
  );
  await expect(page.getByText('No hay cotizaciones en tu historial')).toBeVisible();
});

test('a buyer with a saved address at 375 px: cards, swap and another supplier, billing without data; a corrupted history entry is skipped', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 375, height: 740 });
  const e = await escenario(
    page.request,
    ['Frigorífico del Biobío', 'Carnes del Ñuble', 'Mayorista Santa Elena'],
    [
      ['POLLO', 'Trutro de pavo campero'],
      ['LACTEO', 'Queso de oveja curado'],
      ['VEGETALES', 'Papa chilota morada'],
    ],
    500,
  );
  const [principal, segundo, tercero] = e.productos.map(nombre) as [string, string, string];
  // uniqueEmail's 40 characters: the confirmation's sentence that names the address wraps it at 375 px.
  const comprador = await createCompradorConDireccion(page.request, {
    nombre_contacto: 'Daniela Araya',
    correo_contacto: 'daniela@prueba.cl',
    telefono_contacto: '+56912345678',
    direccion_envio: 'Av. Providencia 1234',
    region: 13,
    comuna: 13123,
  });
  await loginByApi(page, comprador.email, comprador.password, '/cotizar');
  await quote(page, e.productos);
  // The active saved address fills the delivery data.
  await expect(page.getByLabel('Nombre de contacto')).toHaveValue('Daniela Araya');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await generarCotizacion(page);

  await expect(tabla(page).getByRole('table')).toHaveCount(0);
  await expect(tabla(page).getByRole('listitem')).toHaveCount(3);
  await expectNoSideScroll(page, 375);
  // Whatever the basket, its Total is its Neto plus 19 % of it, once.
  const neto = Number((await page.getByLabel('Montos de la compra').locator('dd').first().textContent())!.replace(/\D/g, ''));
  await expectMontos(page.getByLabel('Montos de la compra'), neto);
  await page.getByLabel('Montos de la compra').scrollIntoViewIfNeeded();
  await shot(page, 'resultado-375');

  await swapThenCover(page, principal, e.barato.empresa, e.escaso.empresa, e.caro.empresa);
  await expectNoSideScroll(page, 375);
  await buy(page);

  // 'Sí' opens the form; Volver returns to the results with the choice as it was.
  await shot(page, 'facturacion-pregunta-375');
  await page.getByRole('dialog', { name: 'Datos de facturación' }).getByRole('button', { name: 'Sí' }).click();
  await expect(page.getByLabel('Método de pago')).toBeVisible();
  await expectNoSideScroll(page, 375);
  await shot(page, 'facturacion-form-375');
  await page.getByRole('button', { name: 'Volver' }).click();
  await expect(fila(page, principal, e.caro.empresa)).toContainText('200');
  await buy(page);

  // 'No' only closes the question: the order is placed by the button that names its total.
  await page.getByRole('dialog', { name: 'Datos de facturación' }).getByRole('button', { name: 'No' }).click();
  await expect(page).toHaveURL(/\/facturacion$/);
  await expectNoSideScroll(page, 375);
  const total = 80 * PRECIO.escaso + 200 * PRECIO.caro + 280 * PRECIO.segundo + 280 * PRECIO.tercero;
  await expectMontos(page.getByLabel('Total de la compra'), total, 'Total de la compra');
  await page.getByLabel('Total de la compra').scrollIntoViewIfNeeded();
  await shot(page, 'facturacion-montos-375');
  // The button names what the buyer pays: the total with IVA.
  await page.getByRole('button', { name: `Confirmar compra por ${formatClp(conIva(total).total_con_iva)}`, exact: true }).click();
  const ordenId = await expectConfirmation(page);
  await expect(page.getByRole('list', { name: 'Pedidos de la orden' })).toContainText(e.caro.empresa);
  await expectNoSideScroll(page, 375);
  await shot(page, 'confirmacion-375');
  await expectAccessible(page);

  // A corrupted entry beside a good one: the good one still shows.
  await page.evaluate(() => {
    const ordenes = JSON.parse(localStorage.getItem('historialOrdenes') ?? '[]');
    localStorage.setItem('historialOrdenes', JSON.stringify([{ orden_id: 'uno', fecha: 'ayer' }, ...ordenes, 42]));
  });
  await page.goto('/ordenes');
  const orden = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `Orden N° ${ordenId}` }) });
  // The server's order, with each supplier's pedido; this browser's copy of it is not shown twice.
  await expect(orden).toContainText('Compra sin datos de facturación.');
  await expect(orden).toContainText('Pendiente');
  await expect(page.getByRole('heading', { name: `Orden N° ${ordenId}` })).toHaveCount(1);
  await expectNoSideScroll(page, 375);
  await shot(page, 'ordenes-375');

  await page.getByRole('link', { name: 'Ver historial de cotizaciones' }).click();
  const cotizacion = page.getByRole('listitem').filter({ hasText: principal });
  await expect(cotizacion).toContainText(segundo);
  await expect(cotizacion).toContainText(tercero);
  await expect(cotizacion.locator('tbody tr').first()).toHaveCSS('display', 'block');
  await expectNoSideScroll(page, 375);
  await shot(page, 'historial-375');
  await expectAccessible(page);

  // Logging out from the order history goes to /login.
  await page.goto('/ordenes');
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Has cerrado sesión correctamente.')).toBeVisible();
});

test('without a comparison or an order the later screens never blank: tampered storage goes back to /cotizar, a bare /confirmacion home', async ({ page }) => {
  await page.goto('/cotizar');
  await page.evaluate(() => sessionStorage.setItem('cotizacion', JSON.stringify({ cotizacion_id: 'x', resultados: 'nada' })));
  await page.goto('/cotizar-resultado');
  await expect(page).toHaveURL(/\/cotizar$/);
  await expect(page.getByRole('heading', { name: 'Cotizar productos' })).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('cotizacion'))).toBeNull();
  await page.goto('/facturacion');
  await expect(page).toHaveURL(/\/cotizar$/);
  await page.goto('/confirmacion');
  await expect(page).toHaveURL(/\/$/);
  // The histories are for logged-in users (docs/producto.md §2).
  await page.goto('/historial');
  await expect(page).toHaveURL('/login?next=%2Fhistorial');
  await page.goto('/ordenes');
  await expect(page).toHaveURL('/login?next=%2Fordenes');
});

/** Neto, IVA (19 %, once on the neto) and Total, each with its amount, visible (docs/decisions/026). */
async function expectMontos(montos: Locator, neto: number, rotuloTotal = 'Total') {
  const { iva, total_con_iva } = conIva(neto);
  await expect(montos).toBeVisible();
  await expect(montos).toHaveText(`Neto${formatClp(neto)}IVA (19 %)${formatClp(iva)}${rotuloTotal}${formatClp(total_con_iva)}`);
}
