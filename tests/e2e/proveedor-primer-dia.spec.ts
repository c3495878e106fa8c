import { expect, type Page, test } from '@playwright/test';
import { diaMesAnio, hoyEnChile, sumarDias } from '#common/fecha';
import type { ResultadoComparacion } from '#common/schemas/comparacion';
import { PRODUCTOS_NO_VISIBLES } from '#common/schemas/panel';
import { createUserByApi, menuProveedor, readMailLink, shot, uniqueEmail, uniqueStamp } from '../fixtures';
import { cotizarPorApi, ENTREGA_POR_API, idsDeProductos } from './pasos-comprador';
import { iniciarSesionProveedor, registrarseEnPantalla } from './pasos-cuenta';

// A new supplier's first days against the real server (docs/producto.md §17): it signs up, activates
// from its e-mail, completes its checklist through the screens, is chosen by a buyer, accepts the
// pedido from its panel, and reads there a quotation it lost on price. The buyer's side goes through
// the API (its screens are the comparison and order specs'). The supplier delivers to one comuna
// only, where no other spec's buyer is, nor another run of this test (the other width, a retry, a
// repeat): only this run's comparisons weigh its offers, and its buyer meets only the demo suppliers.

/** Comunas of the Región Metropolitana (INE codes) no other spec delivers to; one per run. */
const COMUNAS: [nombre: string, codigo: number][] = [
  ['La Reina', 13113],
  ['Vitacura', 13132],
  ['Lo Barnechea', 13115],
  ['Huechuraba', 13107],
  ['Macul', 13118],
  ['Peñalolén', 13122],
];
/** Demo catalogue products (server/db/seed/demo-catalogo.ts) and what the new supplier asks for each. */
const GANADOR = { nombre: 'Entraña', precio: 11_990 };
const PERDEDOR = { nombre: 'Plateada', precio: 13_990 };
/**
 * The least a quotation asks of a product by the kilo, and enough that every demo supplier's minimum
 * and free-delivery threshold are reached: the comparison then chooses by unit price alone.
 */
const KILOS = 100;

/** 'DD-MM-AAAA' `dias` from today in Chile, as the date field is typed. */
const enDias = (dias: number) => diaMesAnio(sumarDias(hoyEnChile(), dias));
const primerosPasos = (page: Page) => page.getByRole('region', { name: 'Primeros pasos' });

/** Back to /panel through the workspace's menu (the side menu from 1,024 px, else behind ☰). */
async function alPanel(page: Page) {
  await (await menuProveedor(page)).getByRole('link', { name: 'Resumen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Resumen' })).toBeVisible();
}

/** 'Agregar producto' for a catalogue product, with its first lot. */
async function agregarProducto(page: Page, nombre: string, sku: string, precio: number) {
  await page.getByRole('button', { name: 'Agregar producto' }).first().click();
  const dialogo = page.getByRole('dialog', { name: 'Agregar producto' });
  await dialogo.getByRole('combobox', { name: 'Busca el producto en el catálogo' }).fill(nombre);
  await page.getByRole('option', { name: new RegExp(`^${nombre}\\s*CARNE BOVINA`) }).click();
  await dialogo.getByLabel('SKU').fill(sku);
  await dialogo.getByLabel('Precio').fill(precio.toLocaleString('es-CL'));
  await dialogo.getByLabel('Cantidad (kg)').fill('120');
  await dialogo.getByLabel('Fecha de vencimiento').fill(enDias(45));
  await dialogo.getByRole('button', { name: 'Agregar producto' }).click();
  await expect(page.getByText(`${nombre} (SKU ${sku}) ya está en tu listado y en las cotizaciones.`)).toBeVisible();
  await expect(dialogo).toHaveCount(0);
}

/** The chosen unit price of a comparison's line: a line split among suppliers, weighted by quantity. */
const precioElegido = (linea: ResultadoComparacion) =>
  linea.opciones_seleccionadas.reduce((s, o) => s + o.precio * o.cantidad_proveida, 0) /
  linea.opciones_seleccionadas.reduce((s, o) => s + o.cantidad_proveida, 0);

for (const [n, width] of [1280, 375].entries()) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('a new supplier signs up, completes its first steps, is chosen, accepts its pedido and reads a quotation it lost on price', async ({
      page,
      request,
    }, testInfo) => {
      test.setTimeout(90_000);
      const [comuna, codigo] = COMUNAS[(n + 2 * (testInfo.retry + testInfo.repeatEachIndex)) % COMUNAS.length]!;
      const entrega = { ...ENTREGA_POR_API, comuna: codigo };
      const sello = uniqueStamp();
      const empresa = `Carnes ${sello}`;
      const proveedor = { email: uniqueEmail('primer-dia'), password: 'charqui-andino-7' };

      // Signs up, activates from the e-mail's link and, logged in, lands on its checklist.
      await registrarseEnPantalla(page, proveedor.email, proveedor.password, 'proveedor');
      await page.goto(await readMailLink(proveedor.email, 'activate'));
      await expect(page.getByText('Cuenta verificada con éxito. ¡Bienvenido/a!')).toBeVisible();
      await expect(page).toHaveURL('/login?next=%2Fpanel');
      await iniciarSesionProveedor(page, proveedor);
      await expect(page).toHaveURL('/panel');
      await expect(primerosPasos(page).getByText('0 de 3 listos')).toBeVisible();
      await expect(primerosPasos(page).getByRole('status')).toHaveText(PRODUCTOS_NO_VISIBLES);
      await expect(primerosPasos(page).getByRole('listitem')).toHaveText([
        /^1Empresa.*Pendiente$/,
        /^2Condiciones de despacho.*Pendiente$/,
        /^3Productos.*Pendiente$/,
      ]);

      // Step 1: its company, the name buyers will see.
      await primerosPasos(page).getByRole('link', { name: 'Empresa' }).click();
      await expect(page).toHaveURL('/mi-empresa');
      await page.getByLabel('Nombre de fantasía').fill(empresa);
      await page.getByLabel('Razón social').fill(`Comercializadora ${empresa} SpA`);
      await page.getByLabel('RUT').fill('76086428-5');
      await page.getByLabel('Giro').fill('Venta al por mayor de carnes');
      await page.getByLabel('Dirección').fill('Av. Larraín 5862');
      await page.getByLabel('Región').selectOption({ label: 'Región Metropolitana de Santiago' });
      await page.getByLabel('Comuna').selectOption({ label: comuna });
      await page.getByLabel('Teléfono').fill('2 2277 4100');
      await page.getByRole('button', { name: 'Guardar' }).click();
      await expect(page.getByText('Datos de tu empresa guardados.')).toBeVisible();
      await alPanel(page);
      await expect(primerosPasos(page).getByText('1 de 3 listos')).toBeVisible();

      // Step 2: it delivers to its own comuna only.
      await primerosPasos(page).getByRole('link', { name: 'Condiciones de despacho' }).click();
      await expect(page).toHaveURL('/mis-condiciones');
      await page.getByLabel('Todas las comunas de Chile').uncheck();
      await page.getByLabel('Buscar comuna').fill(comuna);
      await page.getByRole('list', { name: 'Comunas encontradas' }).getByLabel(comuna, { exact: true }).check();
      await expect(page.getByTestId('resumen-condiciones')).toContainText('en 1 comuna');
      await page.getByRole('button', { name: 'Guardar' }).click();
      await expect(page.getByText('Condiciones guardadas.')).toBeVisible();
      await alPanel(page);
      await expect(primerosPasos(page).getByText('2 de 3 listos')).toBeVisible();
      // Company and terms saved: its offers are compared from now on.
      await expect(primerosPasos(page).getByRole('status')).toHaveCount(0);

      // Step 3: a catalogue product cheaper than every demo supplier's, and a second lot of it; and
      // another one dearer than theirs.
      await primerosPasos(page).getByRole('link', { name: 'Productos' }).click();
      await expect(page).toHaveURL('/mis-productos-proovedor');
      await agregarProducto(page, GANADOR.nombre, `EN-${sello}`, GANADOR.precio);
      await page.getByRole('button', { name: `Agregar lote a ${GANADOR.nombre} (EN-${sello})` }).click();
      const lote = page.getByRole('dialog', { name: 'Agregar lote' });
      await lote.getByLabel('Cantidad (kg)').fill('80');
      await lote.getByLabel('Fecha de vencimiento').fill(enDias(90));
      await lote.getByRole('button', { name: 'Agregar lote' }).click();
      await expect(page.getByText('Lote de 80 kg con vencimiento el', { exact: false })).toBeVisible();
      await expect(lote).toHaveCount(0);
      await agregarProducto(page, PERDEDOR.nombre, `PL-${sello}`, PERDEDOR.precio);
      await alPanel(page);
      // The checklist done, it leaves the panel.
      await expect(page.getByRole('heading', { level: 2, name: 'Pedidos' })).toBeVisible();
      await expect(primerosPasos(page)).toHaveCount(0);

      // A buyer in that comuna quotes the cheaper product: the supplier is chosen, under its company's name, and the buyer orders.
      const comprador = await createUserByApi(request, 'comprador');
      const [ganador, perdedor] = await idsDeProductos(request, [GANADOR.nombre, PERDEDOR.nombre]);
      const compra = await cotizarPorApi(request, comprador, [{ producto: ganador!, cantidad: KILOS }], { comprar: true, entrega });
      const [elegida] = compra.resultados;
      expect(elegida!.opciones_seleccionadas.map((o) => [o.proveedor, o.precio, o.cantidad_proveida])).toEqual([[empresa, GANADOR.precio, KILOS]]);
      // The demo suppliers were weighed too, all dearer.
      expect(elegida!.opciones_adicionales.length).toBeGreaterThan(0);
      for (const o of elegida!.opciones_adicionales) expect(o.precio).toBeGreaterThan(GANADOR.precio);

      // The supplier sees the pedido waiting on its panel, opens it from there and accepts it.
      await page.reload();
      await page.getByRole('link', { name: '1 pedido por responder' }).click();
      await expect(page).toHaveURL('/pedidos-recibidos?estado=pendiente');
      const fila = page.locator('tbody tr').filter({ hasText: String(compra.ordenId) });
      await expect(fila).toContainText('Pendiente');
      await fila.getByRole('link', { name: /^Ver pedido N° \d+$/ }).click();
      await expect(page.getByRole('heading', { name: /^Pedido N° \d+/ })).toBeVisible();
      await page.getByRole('button', { name: 'Confirmar', exact: true }).click();
      await page.getByRole('dialog', { name: 'Confirmar pedido' }).getByRole('button', { name: 'Confirmar', exact: true }).click();
      await expect(page.getByText('Pedido confirmado.')).toBeVisible();

      // Another quotation, of the product it asks more for: a demo supplier is chosen.
      const { resultados } = await cotizarPorApi(request, comprador, [{ producto: perdedor!, cantidad: KILOS }], { entrega });
      const [perdida] = resultados;
      expect(perdida!.opciones_seleccionadas.map((o) => o.proveedor)).not.toContain(empresa);
      expect(perdida!.opciones_adicionales.find((o) => o.proveedor === empresa)?.precio).toBe(PERDEDOR.precio);
      // How much dearer its price was than the chosen one, in percent, to one decimal as es-CL writes it.
      const elegido = precioElegido(perdida!);
      const diferencia = (Math.round(((PERDEDOR.precio - elegido) / elegido) * 1000) / 10).toLocaleString('es-CL');

      await alPanel(page);
      await expect(page.getByRole('link', { name: '0 pedidos por responder' })).toBeVisible();
      const perdidas = page.getByRole('region', { name: 'Cotizaciones perdidas por precio' });
      await expect(perdidas.getByRole('listitem')).toHaveText([`${PERDEDOR.nombre}: 1 de 1 · te faltó ${diferencia} %`]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      // The panel as the supplier reads it, the confirmation's toast gone; on a phone, at that line.
      await expect(page.getByText('Pedido confirmado.')).toHaveCount(0, { timeout: 10_000 });
      await perdidas.scrollIntoViewIfNeeded();
      await shot(page, `proveedor-primer-dia-panel-${width}`);
    });
  });
}
