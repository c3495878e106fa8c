import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { formatClp } from '#common/format';
import { conIva } from '#common/iva';
import {
  aprobarProductos,
  createCompradorConDireccion,
  expectAccessible,
  fillFilaCotizacion,
  generarCotizacion,
  type LineaCotizacion,
  loginByApi,
  registrarProductos,
  shot,
  uniqueStamp,
} from '../fixtures';
import { createProveedorListoByApi, guardarCondicionesByApi } from './proveedor-listo';

// Delivery terms from the buyer's side, against the real server: a restaurant in Puerto Montt. The two
// cheapest suppliers deliver only in Santiago and are left out; of the two that come to Puerto
// Montt, the one with a fee is still the cheapest delivered; a product more reaches its free
// delivery; swapping a line to the other leaves that one under its minimum, which the screen says
// before Comprar; the order carries no fee.

const PUERTO_MONTT = { region: 10, comuna: 10101 };
const SANTIAGO = [13101, 13123, 13120];
const AUSTRAL = { costo_despacho: 9_990, despacho_gratis_desde: 205_000 };
const LLANQUIHUE = { monto_minimo: 150_000 };
const PRECIOS = { sur: 800, central: 850, austral: 1_000, llanquihue: 1_050, tercero: 100 };

/** Four suppliers with their terms; two products all of them sell and a third only Austral sells. */
async function mercado(request: APIRequestContext) {
  const sello = uniqueStamp();
  const [sur, central, austral, llanquihue] = await Promise.all(
    ['Carnes del Sur', 'Frigorífico Central', 'Distribuidora Austral', 'Comercial Llanquihue'].map((e) => createProveedorListoByApi(request, `${e} ${sello}`)),
  );
  const nombres = [`Garbanzo pardo ${sello}`, `Lenteja castellana ${sello}`, `Poroto coscorrón ${sello}`] as const;
  const fila = (nombre: string, sku: string, precio: number, producto?: number) => ({
    categoria: 'SECOS',
    nombre,
    sku,
    precio,
    stock: 1_000,
    dias: 90,
    origen: 'Chile',
    marca: `Campo ${sello}`,
    ...(producto ? { producto } : {}),
  });
  await registrarProductos(request, austral!, [
    fila(nombres[0], `AU1-${sello}`, PRECIOS.austral),
    fila(nombres[1], `AU2-${sello}`, PRECIOS.austral),
    fila(nombres[2], `AU3-${sello}`, PRECIOS.tercero),
  ]);
  const ids = await aprobarProductos(request, [...nombres]);
  for (const [p, precio, prefijo] of [
    [sur!, PRECIOS.sur, 'SU'],
    [central!, PRECIOS.central, 'CE'],
    [llanquihue!, PRECIOS.llanquihue, 'LL'],
  ] as const) {
    await registrarProductos(request, p, [
      fila(nombres[0], `${prefijo}1-${sello}`, precio, ids[nombres[0]]),
      fila(nombres[1], `${prefijo}2-${sello}`, precio, ids[nombres[1]]),
    ]);
  }
  await guardarCondicionesByApi(request, sur!, { comunas: SANTIAGO });
  await guardarCondicionesByApi(request, central!, { comunas: SANTIAGO });
  await guardarCondicionesByApi(request, austral!, { comunas: [PUERTO_MONTT.comuna], ...AUSTRAL });
  await guardarCondicionesByApi(request, llanquihue!, { comunas: [PUERTO_MONTT.comuna], ...LLANQUIHUE });
  const linea = (nombre: string): LineaCotizacion => ({ categoria: ['secos', 'SECOS'], producto: [nombre.toLowerCase(), nombre] });
  return { austral: austral!, llanquihue: llanquihue!, lineas: nombres.map(linea), nombres };
}

/** From /cotizar through the delivery data, which the buyer's saved address fills. */
async function continuarConLaDireccion(page: Page, contacto: string) {
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(/\/datos-cotizacion$/);
  await expect(page.getByLabel('Nombre de contacto')).toHaveValue(contacto);
  await page.getByRole('button', { name: 'Continuar' }).click();
}

/**
 * The market, a new buyer whose saved address is in Puerto Montt (logged in), and its comparison
 * of 100 kg of each of the two products everyone sells.
 */
async function cotizarEnPuertoMontt(page: Page, contacto: string) {
  const m = await mercado(page.request);
  const direccion = {
    nombre_contacto: contacto,
    correo_contacto: 'compras@puerto.cl',
    telefono_contacto: '+56912345678',
    direccion_envio: 'Av. Diego Portales 850',
  };
  const comprador = await createCompradorConDireccion(page.request, { ...direccion, ...PUERTO_MONTT });
  await loginByApi(page, comprador.email, comprador.password, '/cotizar');
  await fillFilaCotizacion(page, 1, m.lineas[0]!, 100);
  await fillFilaCotizacion(page, 2, m.lineas[1]!, 100);
  await continuarConLaDireccion(page, contacto);
  await generarCotizacion(page);
  return m;
}

const bloque = (page: Page, proveedor: string) =>
  page.getByRole('region', { name: 'Opciones seleccionadas' }).getByRole('region', { name: proveedor, exact: true });
const total = (page: Page, dt: string) =>
  page
    .getByLabel('Total')
    .locator('div')
    .filter({ has: page.getByText(dt, { exact: true }) })
    .locator('dd');

test('a buyer in Puerto Montt: the cheapest basket delivered, a product more for free delivery, a minimum said before Comprar, the order without a fee', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const m = await cotizarEnPuertoMontt(page, 'Restorán del Puerto');

  // Santiago's suppliers are out; Austral with its fee ($209.990) beats Llanquihue ($210.000).
  await expect(page.getByText('2 proveedores no despachan a tu comuna')).toBeVisible();
  const austral = bloque(page, m.austral.empresa);
  await expect(austral).toContainText(`Despacho ${formatClp(AUSTRAL.costo_despacho)}, gratis desde ${formatClp(AUSTRAL.despacho_gratis_desde)}`);
  await expect(austral).toContainText(`Agrega ${formatClp(5_000)} en productos de ${m.austral.empresa} y el despacho es gratis`);
  await expect(bloque(page, m.llanquihue.empresa)).toHaveCount(0);
  // The landed total is net (Neto); Total adds the IVA once on it.
  await expect(total(page, 'Neto')).toHaveText(formatClp(200 * PRECIOS.austral + AUSTRAL.costo_despacho));
  await expect(total(page, 'Total')).toHaveText(formatClp(conIva(200 * PRECIOS.austral + AUSTRAL.costo_despacho).total_con_iva));
  await shot(page, 'despacho-resultado-1280');
  await expectAccessible(page);

  // A product more from Austral, from the nudge itself: its part reaches the free delivery.
  await austral.getByRole('button', { name: 'Agregar productos' }).click();
  await fillFilaCotizacion(page, 3, m.lineas[2]!, 100);
  await continuarConLaDireccion(page, 'Restorán del Puerto');
  await generarCotizacion(page);
  await expect(austral).toContainText('Despacho gratis');
  await expect(total(page, 'Despacho')).toHaveText('Gratis');
  const conTercero = 200 * PRECIOS.austral + 100 * PRECIOS.tercero;
  await expect(total(page, 'Neto')).toHaveText(formatClp(conTercero));

  // One line to Llanquihue: $105.000 is under its $150.000 minimum, and Austral pays its fee again.
  await page.getByRole('button', { name: `Ver alternativas a ${m.austral.empresa} para ${m.nombres[1]}` }).click();
  await page
    .getByRole('dialog', { name: `Opciones alternativas: ${m.nombres[1]}` })
    .getByRole('button', { name: `Elegir ${m.llanquihue.empresa}` })
    .click();
  const falta = `A ${m.llanquihue.empresa} le faltan ${formatClp(150_000 - 100 * PRECIOS.llanquihue)} para su pedido mínimo de ${formatClp(150_000)}.`;
  await expect(bloque(page, m.llanquihue.empresa)).toContainText(falta);
  await expect(austral).toContainText(`Despacho ${formatClp(AUSTRAL.costo_despacho)}`);
  let actualizaciones = 0;
  page.on('request', (r) => {
    if (r.url().includes('/actualizar/')) actualizaciones++;
  });
  // Comprar waits, the bar saying why; its reason takes the buyer to the alert that lists who.
  await expect(page.getByRole('alert')).toContainText(falta);
  const barra = page.getByRole('region', { name: 'Resumen de la compra' });
  await expect(barra.getByRole('button', { name: 'Comprar' })).toBeDisabled();
  await barra.getByRole('button', { name: 'Falta alcanzar el pedido mínimo de 1 proveedor' }).click();
  await expect(page.getByRole('alert')).toBeFocused();
  await expect(page).toHaveURL(/\/cotizar-resultado$/);
  expect(actualizaciones).toBe(0);
  await shot(page, 'despacho-bajo-minimo-1280');

  // Back to Austral, and buy: the order has no delivery fee.
  await page.getByRole('button', { name: `Ver alternativas a ${m.llanquihue.empresa} para ${m.nombres[1]}` }).click();
  await page
    .getByRole('dialog', { name: `Opciones alternativas: ${m.nombres[1]}` })
    .getByRole('button', { name: `Elegir ${m.austral.empresa}` })
    .click();
  await expect(page.getByRole('alert')).toHaveCount(0);
  const actualizar = page.waitForResponse((r) => r.url().includes('/actualizar/') && r.request().method() === 'PUT');
  await page.getByRole('button', { name: 'Comprar' }).click();
  expect((await actualizar).status()).toBe(200);
  await expect(page).toHaveURL(/\/facturacion$/);
  await page.getByRole('dialog', { name: 'Datos de facturación' }).getByRole('button', { name: 'No' }).click();
  await page.getByRole('button', { name: `Confirmar compra por ${formatClp(conIva(conTercero).total_con_iva)}`, exact: true }).click();
  await expect(page).toHaveURL(/\/confirmacion$/);
  await expect(page.getByText(/Número de orden: \d+/)).toBeVisible();
});

test('at 375 px the supplier blocks stack and the page does not scroll sideways', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 375, height: 740 });
  const m = await cotizarEnPuertoMontt(page, 'Cocina Austral');
  await expect(bloque(page, m.austral.empresa)).toContainText(`Despacho ${formatClp(AUSTRAL.costo_despacho)}`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shot(page, 'despacho-resultado-375');
  const agregar = bloque(page, m.austral.empresa).getByRole('button', { name: 'Agregar productos' });
  await agregar.scrollIntoViewIfNeeded();
  await expect(agregar).toBeInViewport();
  await shot(page, 'despacho-sugerencia-375');
});

test('a fee raised while the buyer reads /facturacion: Confirmar is refused with both totals, the summary shows the new one, and confirming it buys', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const m = await cotizarEnPuertoMontt(page, 'Hotel Costanera');
  const antes = 200 * PRECIOS.austral + AUSTRAL.costo_despacho;
  await page.getByRole('button', { name: 'Comprar' }).click();
  await expect(page).toHaveURL(/\/facturacion$/);
  await page.getByRole('dialog', { name: 'Datos de facturación' }).getByRole('button', { name: 'No' }).click();
  const confirmar = page.getByRole('button', { name: `Confirmar compra por ${formatClp(conIva(antes).total_con_iva)}`, exact: true });
  await expect(confirmar).toBeVisible();

  // Meanwhile Austral raises its fee by $3.000.
  await guardarCondicionesByApi(page.request, m.austral, { comunas: [PUERTO_MONTT.comuna], ...AUSTRAL, costo_despacho: AUSTRAL.costo_despacho + 3_000 });
  await confirmar.click();
  const ahora = antes + 3_000;
  await expect(page.getByRole('alert')).toHaveText(
    `El total de tu compra cambió de ${formatClp(conIva(antes).total_con_iva)} a ${formatClp(conIva(ahora).total_con_iva)} (IVA incluido). Revisa el resumen y confirma de nuevo.`,
  );
  await expect(page).toHaveURL(/\/facturacion$/);
  // The supplier's fee and the totals below it, read again.
  await expect(page.getByText(`Despacho: ${formatClp(AUSTRAL.costo_despacho + 3_000)}`, { exact: true })).toHaveCount(2);
  await shot(page, 'despacho-resumen-cambiado-1280');
  await page.getByRole('button', { name: `Confirmar compra por ${formatClp(conIva(ahora).total_con_iva)}`, exact: true }).click();
  await expect(page).toHaveURL(/\/confirmacion$/);
});
