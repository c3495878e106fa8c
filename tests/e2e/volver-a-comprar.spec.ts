import { type APIRequestContext, type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { hoyEnChile } from '#common/fecha';
import { formatDiaCercano } from '#common/format';
import {
  aprobarProductos,
  createCompradorConDireccion,
  type E2EProveedor,
  type E2EUser,
  expectAccessible,
  fillFilaCotizacion,
  generarCotizacion,
  loginByApi,
  registrarProductos,
  shot,
  uniqueStamp,
} from '../fixtures';
import { createProveedorListoByApi } from './proveedor-listo';

// Buying again (docs/producto.md §16), the whole way against the real server: a buyer with a saved
// main address orders through the screens and saves the order as a list from /ordenes/{id}; its
// supplier lowers a price on its own screen; 'the next week' (a new session) the buyer quotes the
// list again from the home page in at most five interactions and sees last week's prices beside
// today's. The order is placed on the test's day, so 'last week' reads as today's date.

/** What the promise allows from the home page to the results: click the list, two Continuar, Generar cotización, and one to spare. */
const INTERACCIONES_COMO_MAXIMO = 5;

interface Linea {
  nombre: string;
  sku: string;
  cantidad: number;
  antes: number;
  hoy: number;
}

interface Mercado {
  proveedor: E2EProveedor;
  comprador: E2EUser;
  /** The porotos get cheaper between the two weeks; the lentejas keep their price. */
  lineas: [Linea, Linea];
}

/** A supplier of its own with two dried goods (so every price is known), and a buyer with a saved main address. */
async function mercado(request: APIRequestContext): Promise<Mercado> {
  const sello = uniqueStamp();
  const proveedor = await createProveedorListoByApi(request, `Legumbres de Ñuble ${sello}`);
  const lineas: [Linea, Linea] = [
    { nombre: `Porotos tórtola ${sello}`, sku: `VC1-${sello}`, cantidad: 100, antes: 5_990, hoy: 5_690 },
    { nombre: `Lentejas 6 mm ${sello}`, sku: `VC2-${sello}`, cantidad: 120, antes: 3_490, hoy: 3_490 },
  ];
  await registrarProductos(
    request,
    proveedor,
    lineas.map((l) => ({ sku: l.sku, nombre: l.nombre, categoria: 'SECOS', precio: l.antes, stock: 5_000, dias: 120 })),
  );
  await aprobarProductos(
    request,
    lineas.map((l) => l.nombre),
  );
  const comprador = await createCompradorConDireccion(request, {
    nombre_contacto: 'Daniela Araya',
    correo_contacto: 'daniela@prueba.cl',
    telefono_contacto: '+56912345678',
    direccion_envio: 'Av. Providencia 1234',
    region: 13,
    comuna: 13123,
  });
  return { proveedor, comprador, lineas };
}

/** The first week: the buyer quotes and buys both products through the screens, then saves the order as the list 'Semana'. */
async function comprarYGuardarLista(page: Page, m: Mercado) {
  await loginByApi(page, m.comprador.email, m.comprador.password, '/cotizar');
  for (const [i, l] of m.lineas.entries()) {
    await fillFilaCotizacion(page, i + 1, { categoria: ['secos', 'SECOS'], producto: [l.nombre.toLowerCase(), l.nombre] }, l.cantidad);
  }
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByLabel('Nombre de contacto')).toHaveValue('Daniela Araya');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await generarCotizacion(page);
  await page.getByRole('button', { name: 'Comprar' }).click();
  await page.getByRole('dialog', { name: 'Datos de facturación' }).getByRole('button', { name: 'No' }).click();
  await page.getByRole('button', { name: /^Confirmar compra por/ }).click();
  await expect(page.getByText(/Número de orden: \d+/)).toBeVisible();

  await page.getByRole('link', { name: 'Ver mi orden' }).click();
  await expect(page).toHaveURL(/\/ordenes\/\d+$/);
  await page.getByRole('button', { name: 'Guardar como lista' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Guardar como lista' });
  await expect(dialogo).toContainText('2 productos con sus cantidades');
  await dialogo.getByLabel('Nombre de la lista').fill('Semana');
  await dialogo.getByRole('button', { name: 'Guardar lista' }).click();
  await expect(page.getByText('Lista «Semana» guardada')).toBeVisible();
}

/** In between, the supplier lowers the porotos' price on its own screen, in its own session. */
async function bajarPrecio(browser: Browser, m: Mercado) {
  const contexto = await browser.newContext({ locale: 'es-CL', timezoneId: 'America/Santiago' });
  const page = await contexto.newPage();
  const [porotos] = m.lineas;
  await loginByApi(page, m.proveedor.email, m.proveedor.password, '/mis-productos-proovedor');
  await page.getByPlaceholder('Buscar producto, SKU, precio, stock o fecha...').fill(porotos.sku);
  await page.getByRole('button', { name: `Editar ${porotos.nombre}` }).click();
  const form = page.getByRole('form', { name: `Editar ${porotos.nombre}` });
  await form.getByLabel('Precio').fill(String(porotos.hoy));
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(form).toHaveCount(0);
  await contexto.close();
}

/** The buyer's interactions, counted: every click goes through here. */
function contador() {
  let n = 0;
  return {
    get n() {
      return n;
    },
    click(locator: Locator) {
      n++;
      return locator.click();
    },
  };
}

/** A table row, or on a phone a compact line whose price names its unit (docs/decisions/018, 'En el teléfono'). */
const filaDe = (page: Page, nombre: string) => page.getByRole('region', { name: 'Opciones seleccionadas' }).locator('tbody tr, li').filter({ hasText: nombre });

for (const width of [1280, 375]) {
  test(`at ${width} px: a buyer orders, saves the order as a list, and the next week quotes it again from the home page in ≤ ${INTERACCIONES_COMO_MAXIMO} interactions, last week's prices beside today's`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width, height: 800 });
    const m = await mercado(page.request);
    await comprarYGuardarLista(page, m);
    await bajarPrecio(browser, m);

    // The next week: another session of the same account (nothing of last week's tab), on the home page.
    const contexto = await browser.newContext({ viewport: { width, height: 800 }, locale: 'es-CL', timezoneId: 'America/Santiago' });
    const semana = await contexto.newPage();
    await loginByApi(semana, m.comprador.email, m.comprador.password, '/');
    const comprador = contador();

    const lista = semana.getByRole('region', { name: 'Tus listas' }).getByRole('listitem').filter({ hasText: 'Semana' });
    await expect(lista).toContainText('2 productos');
    await shot(semana, `volver-a-comprar-inicio-${width}`);
    await comprador.click(lista.getByRole('button', { name: 'Cotizar la lista Semana' }));

    // /cotizar arrives filled with the list.
    await expect(semana).toHaveURL(/\/cotizar$/);
    for (const [i, l] of m.lineas.entries()) {
      await expect(semana.getByRole('combobox', { name: `Producto, fila ${i + 1}` })).toHaveValue(l.nombre);
      await expect(semana.getByRole('textbox', { name: `Cantidad, fila ${i + 1}` })).toHaveValue(String(l.cantidad));
    }
    await comprador.click(semana.getByRole('button', { name: 'Continuar' }));

    // /datos-cotizacion arrives filled with the main address.
    await expect(semana).toHaveURL(/\/datos-cotizacion$/);
    await expect(semana.getByLabel('Nombre de contacto')).toHaveValue('Daniela Araya');
    await expect(semana.getByLabel('Dirección de envío (opcional)')).toHaveValue('Av. Providencia 1234');
    await expect(semana.getByLabel('Comuna')).toHaveValue('13123');
    await comprador.click(semana.getByRole('button', { name: 'Continuar' }));

    await expect(semana).toHaveURL(/\/confirmar-cotizacion$/);
    await comprador.click(semana.getByRole('button', { name: 'Generar cotización' }));
    await expect(semana.getByRole('heading', { name: 'Las mejores opciones para ti' })).toBeVisible({ timeout: 20_000 });
    expect(comprador.n).toBeLessThanOrEqual(INTERACCIONES_COMO_MAXIMO);
    test.info().annotations.push({ type: 'interacciones', description: String(comprador.n) });

    // Today's price, and last week's beside it; the basket against last week under the total.
    const hoy = formatDiaCercano(hoyEnChile(), hoyEnChile());
    const [porotos, lentejas] = m.lineas;
    const porKg = width > 480 ? '' : '/kg';
    await expect(filaDe(semana, porotos.nombre)).toContainText(`$5.690${porKg}La última vez: $5.990 el ${hoy} · ▼ 5\u00a0% más barato`);
    await expect(filaDe(semana, lentejas.nombre)).toContainText(`$3.490${porKg}La última vez: $3.490 el ${hoy} · mismo precio`);
    await expect(semana.getByLabel('Total')).toContainText('Productos que ya compraste\u22122,9\u00a0% que la última vez ($1.017.800 → $987.800)');

    expect(await semana.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await filaDe(semana, porotos.nombre).scrollIntoViewIfNeeded();
    await shot(semana, `volver-a-comprar-resultado-${width}`);
    await expectAccessible(semana);
    await contexto.close();
  });
}
