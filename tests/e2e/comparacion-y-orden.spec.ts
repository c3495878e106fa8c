import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible, loginByApi, pick, shot } from '../fixtures';

// Issue #9: from the summary to the order, against the real server and its demo catalogue:
// results (swap an option, the stock confirmation, another supplier for the shortfall), billing
// with and without data, the confirmation, and both browser-kept histories; at 1280 and 375 px.
// The summary's 6-second loading screen is real, so there are two full journeys only.
//
// The demo seed (server/db/seed/demo.ts) is deterministic; asked for 280 kg on a date with no lots expiring:
// - Lomo vetado: Frigorífico Los Andes supplies all; Congelados Patagonia has only 80 kg, Carnes del Maule 1,000 kg.
// - Trutro entero de pollo: Frigorífico Los Andes supplies all; Carnes del Maule has only 80 kg, Mayorista Santa Elena 4,250 kg.
// - Fideos corbatitas: 120 kg in stock in all, so 160 kg are missing and no one else sells it.

const DEMO_COMPRADOR = { email: 'comprador@abastece.cl', password: 'abastece2026' };

interface Linea {
  categoria: [typed: string, option: string];
  producto: [typed: string, option: string];
}

/** /cotizar with three rows of 280 kg each, on to the delivery data. */
async function quote(page: Page, lineas: Linea[]) {
  await expect(page.getByRole('heading', { name: 'Cotizar productos' })).toBeVisible();
  for (const [i, l] of lineas.entries()) {
    const n = i + 1;
    if (n > 1) await page.getByRole('button', { name: '+ Agregar producto' }).click();
    await pick(page, `Categoría, fila ${n}`, ...l.categoria);
    await pick(page, `Producto, fila ${n}`, ...l.producto);
    await page.getByRole('textbox', { name: `Cantidad, fila ${n}` }).fill('280');
  }
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(/\/datos-cotizacion$/);
}

/** Generar cotización, through the loading screen, to the results. */
async function generate(page: Page) {
  await expect(page).toHaveURL(/\/confirmar-cotizacion$/);
  await page.getByRole('button', { name: 'Generar cotización' }).click();
  await expect(page.getByRole('status')).toContainText('Buscando los mejores precios');
  await expect(page.getByRole('heading', { name: 'Las mejores opciones para ti' })).toBeVisible({ timeout: 20_000 });
}

const tabla = (page: Page) => page.getByRole('table', { name: 'Opciones seleccionadas' });
const fila = (page: Page, producto: string, proveedor: string) => tabla(page).locator('tbody tr').filter({ hasText: producto }).filter({ hasText: proveedor });

/**
 * Swaps the selected supplier of `producto` for one with less stock than the line supplies: the
 * stock confirmation, then the line supplies 80 and 200 kg are missing, which another supplier covers.
 */
async function swapThenCover(page: Page, producto: string, desde: string, escasa: string, otra: string) {
  await page.getByRole('button', { name: `Ver alternativas a ${desde} para ${producto}` }).click();
  const alternativas = page.getByRole('dialog', { name: `Opciones alternativas: ${producto}` });
  await expect(alternativas).toContainText('Stock: 80 kg');
  await shot(page, `alternativas-${page.viewportSize()!.width}`);
  await alternativas.getByRole('button', { name: `Elegir ${escasa}` }).click();

  // SPEC §4.5: fewer than the 280 kg the line supplies; No keeps the line as it was.
  const confirmar = page.getByRole('dialog', { name: 'Stock insuficiente' });
  await expect(confirmar).toContainText(`${escasa} tiene 80 kg disponibles`);
  await shot(page, `confirmar-stock-${page.viewportSize()!.width}`);
  await confirmar.getByRole('button', { name: 'No' }).click();
  await expect(fila(page, producto, desde)).toBeVisible();
  await page.getByRole('button', { name: `Ver alternativas a ${desde} para ${producto}` }).click();
  await alternativas.getByRole('button', { name: `Elegir ${escasa}` }).click();
  await confirmar.getByRole('button', { name: 'Sí' }).click();

  // The swap toggled the two options; the line now supplies min(80, 280) and misses 200 kg.
  await expect(fila(page, producto, desde)).toHaveCount(0);
  await expect(fila(page, producto, escasa)).toContainText('80');
  await expect(fila(page, producto, escasa)).toContainText('Stock insuficiente: faltan 200 kg');
  await page.getByRole('button', { name: `Ver alternativas a ${escasa} para ${producto}` }).click();
  await expect(alternativas.getByRole('button', { name: `Elegir ${desde}` })).toBeVisible();
  await alternativas.getByRole('button', { name: 'Cerrar' }).click();

  await page.getByRole('button', { name: `Agregar proveedor para ${producto}` }).click();
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

/** The confirmation: the order's number, and the quotation flow gone from session storage (SPEC §4.6). */
async function expectConfirmation(page: Page): Promise<number> {
  await expect(page).toHaveURL(/\/confirmacion$/);
  const numero = page.getByText(/Número de orden: \d+/);
  await expect(numero).toBeVisible();
  const ordenId = Number((await numero.textContent())!.match(/\d+/)![0]);
  const restos = await page.evaluate(() => ['filasCotizacion', 'solicitud', 'cotizante', 'cotizacion', 'eleccion'].map((k) => sessionStorage.getItem(k)));
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
  test.setTimeout(120_000);
  await page.goto('/cotizar');
  await quote(page, [
    { categoria: ['carne', 'CARNE BOVINA'], producto: ['lomo vetado', 'Lomo vetado'] },
    { categoria: ['SECOS', 'SECOS'], producto: ['corbatitas', 'Fideos corbatitas'] },
    { categoria: ['SECOS', 'SECOS'], producto: ['arroz grado 1', 'Arroz grado 1 grano largo'] },
  ]);
  await page.getByLabel('Nombre de contacto').fill('Cocina Los Andes');
  await page.getByLabel('Correo de contacto').fill('compras@losandes.cl');
  await page.getByLabel('Teléfono').fill('+56922334455');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await generate(page);

  // The three products with supplier, CLP prices and the total; the shortfall and the next-tier nudge.
  await expect(fila(page, 'Lomo vetado', 'Frigorífico Los Andes')).toContainText('$');
  await expect(fila(page, 'Lomo vetado', 'Frigorífico Los Andes')).toContainText('Agrega 20 kg y pagas $');
  await expect(tabla(page).locator('tbody tr').filter({ hasText: 'Fideos corbatitas' }).first()).toContainText('Stock insuficiente: faltan 160 kg');
  await expect(fila(page, 'Arroz grado 1 grano largo', 'Distribuidora Austral')).toBeVisible();
  await expect(page.getByLabel('Total')).toContainText('$');
  // No other supplier sells the missing noodles: nothing to add there.
  await expect(page.getByRole('button', { name: 'Agregar proveedor para Fideos corbatitas' })).toHaveCount(0);
  await shot(page, 'resultado-1280');
  await expectAccessible(page);

  await swapThenCover(page, 'Lomo vetado', 'Frigorífico Los Andes', 'Congelados Patagonia', 'Carnes del Maule');
  // The nudge was for the supplier that left the line.
  await expect(tabla(page)).not.toContainText('Agrega 20 kg');
  await expect(page.getByText('Cambiaste la selección')).toBeVisible();

  // The choice survives a reload (session storage); Volver and back keep it too.
  await page.reload();
  await expect(fila(page, 'Lomo vetado', 'Congelados Patagonia')).toContainText('80');
  await expect(fila(page, 'Lomo vetado', 'Carnes del Maule')).toContainText('200');
  await page.getByRole('button', { name: 'Volver' }).click();
  await expect(page).toHaveURL(/\/confirmar-cotizacion$/);
  await page.goBack();
  await expect(fila(page, 'Lomo vetado', 'Carnes del Maule')).toContainText('200');

  await buy(page);
  // Issue #19: what the order will buy is on the page before anything is bought.
  await expect(page.getByRole('table', { name: 'Productos de Carnes del Maule' })).toContainText('200 kg');
  await expect(page.getByRole('table', { name: 'Productos de Congelados Patagonia' })).toContainText('80 kg');
  await expect(page.getByText('Total de la compra:')).toContainText('$');
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

  const ordenId = await expectConfirmation(page);
  await shot(page, 'confirmacion-1280');
  await page.getByRole('link', { name: 'Volver al inicio' }).click();
  await expect(page).toHaveURL(/\/$/);

  // The histories are this browser's: logging in shows the quotation and the order just made.
  await loginByApi(page, DEMO_COMPRADOR.email, DEMO_COMPRADOR.password, '/historial');
  await expect(page.getByRole('heading', { name: 'Mi Historial de Cotizaciones' })).toBeVisible();
  const cotizacion = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /Cotización N° \d+/ }) });
  await expect(cotizacion).toHaveCount(1);
  for (const texto of ['Lomo vetado', 'Fideos corbatitas', 'Arroz grado 1 grano largo', 'CARNE BOVINA', 'Argentina', 'Swift', 'KILO', '280'])
    await expect(cotizacion).toContainText(texto);
  await expect(cotizacion).toContainText(/\d{1,2} de [a-z]+ de \d{4}/);
  await shot(page, 'historial-1280');

  await page.getByRole('link', { name: 'Ver historial de órdenes de compra' }).click();
  await expect(page.getByRole('heading', { name: 'Historial de Órdenes de Compra' })).toBeVisible();
  await expect(page.getByText('Hola, Daniela.')).toBeVisible();
  const orden = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `Orden N° ${ordenId}` }) });
  for (const texto of [
    '12.345.678-5',
    'Cocina Los Andes SpA',
    'Restaurante',
    'Calle Larga 450',
    '+56922334455',
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

test('the demo buyer at 375 px: cards, swap and another supplier, billing without data; a corrupted history entry is skipped', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 375, height: 740 });
  await loginByApi(page, DEMO_COMPRADOR.email, DEMO_COMPRADOR.password, '/cotizar');
  await quote(page, [
    { categoria: ['POLLO', 'POLLO'], producto: ['trutro entero', 'Trutro entero de pollo'] },
    { categoria: ['LACTEO', 'LACTEO'], producto: ['gauda barra', 'Queso gauda barra'] },
    { categoria: ['VEGETALES', 'VEGETALES'], producto: ['zanahoria', 'Zanahoria baby'] },
  ]);
  // The active saved address fills the delivery data.
  await expect(page.getByLabel('Nombre de contacto')).toHaveValue('Daniela Araya');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await generate(page);

  await expect(tabla(page).locator('thead')).toBeHidden();
  await expect(tabla(page).locator('tbody tr').first()).toHaveCSS('display', 'block');
  await expect(tabla(page).locator('tbody tr')).toHaveCount(3);
  await expectNoSideScroll(page, 375);
  await shot(page, 'resultado-375');

  await swapThenCover(page, 'Trutro entero de pollo', 'Frigorífico Los Andes', 'Carnes del Maule', 'Mayorista Santa Elena');
  await expectNoSideScroll(page, 375);
  await buy(page);

  // 'Sí' opens the form; Volver returns to the results with the choice as it was.
  await shot(page, 'facturacion-pregunta-375');
  await page.getByRole('dialog', { name: 'Datos de facturación' }).getByRole('button', { name: 'Sí' }).click();
  await expect(page.getByLabel('Método de pago')).toBeVisible();
  await expectNoSideScroll(page, 375);
  await shot(page, 'facturacion-form-375');
  await page.getByRole('button', { name: 'Volver' }).click();
  await expect(fila(page, 'Trutro entero de pollo', 'Mayorista Santa Elena')).toContainText('200');
  await buy(page);

  // 'No' only closes the question (issue #19): the order is placed by the button that names its total.
  await page.getByRole('dialog', { name: 'Datos de facturación' }).getByRole('button', { name: 'No' }).click();
  await expect(page).toHaveURL(/\/facturacion$/);
  await expectNoSideScroll(page, 375);
  await page.getByRole('button', { name: /^Confirmar compra por \$[\d.]+$/ }).click();
  const ordenId = await expectConfirmation(page);
  await expect(page.getByRole('list', { name: 'Pedidos de la orden' })).toContainText('Mayorista Santa Elena');
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
  const cotizacion = page.getByRole('listitem').filter({ hasText: 'Trutro entero de pollo' });
  await expect(cotizacion).toContainText('Queso gauda barra');
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
  // The histories are for logged-in users (SPEC §2).
  await page.goto('/historial');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/ordenes');
  await expect(page).toHaveURL(/\/login$/);
});
