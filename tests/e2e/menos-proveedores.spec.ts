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

// 'Menos proveedores' from the buyer's side, against the real server: three suppliers with a $5.000
// fee each, three products of 100 kg each cheapest at a different one (per kg):
//
//          P1     P2     P3
//   A    1.000  1.100  1.250
//   B    1.150  1.000  1.150
//   C    1.200  1.200  1.000
//
// Without a cap: 3 × $100.000 + 3 fees = $315.000 from three trucks. At most 2: A and C,
// $310.000 + 2 fees = $320.000: '+$5.000 por recibir 2 camiones en vez de 3'.

const PROVIDENCIA = { region: 13, comuna: 13123 };
const FEE = 5_000;
const PRECIOS = [
  [1000, 1150, 1200],
  [1100, 1000, 1200],
  [1250, 1150, 1000],
] as const;
const SIN_TOPE = 315_000;
const CON_TOPE = 320_000;

/** The three suppliers and the three products they all sell, new to the catalogue. */
async function mercado(request: APIRequestContext) {
  const sello = uniqueStamp();
  const proveedores = await Promise.all(
    ['Carnes Andes', 'Frigorífico Bío', 'Distribuidora Maule'].map((e) => createProveedorListoByApi(request, `${e} ${sello}`)),
  );
  const nombres = [`Garbanzo pardo ${sello}`, `Lenteja castellana ${sello}`, `Poroto coscorrón ${sello}`];
  const fila = (k: number, s: number, producto?: number) => ({
    categoria: 'SECOS',
    nombre: nombres[k]!,
    sku: `T${s}${k}-${sello}`,
    precio: PRECIOS[k]![s]!,
    stock: 1_000,
    dias: 90,
    origen: 'Chile',
    marca: `Campo ${sello}`,
    ...(producto ? { producto } : {}),
  });
  await registrarProductos(
    request,
    proveedores[0]!,
    [0, 1, 2].map((k) => fila(k, 0)),
  );
  const ids = await aprobarProductos(request, nombres);
  for (const s of [1, 2])
    await registrarProductos(
      request,
      proveedores[s]!,
      [0, 1, 2].map((k) => fila(k, s, ids[nombres[k]!])),
    );
  for (const p of proveedores) await guardarCondicionesByApi(request, p, { comunas: [PROVIDENCIA.comuna], costo_despacho: FEE });
  const lineas = nombres.map((nombre): LineaCotizacion => ({ categoria: ['secos', 'SECOS'], producto: [nombre.toLowerCase(), nombre] }));
  return { proveedores, lineas };
}

/** A new buyer in Providencia (logged in) compares 100 kg of each product. */
async function cotizar(page: Page) {
  const m = await mercado(page.request);
  const comprador = await createCompradorConDireccion(page.request, {
    nombre_contacto: 'Restorán Central',
    correo_contacto: 'compras@central.cl',
    telefono_contacto: '+56912345678',
    direccion_envio: 'Av. Providencia 1234',
    ...PROVIDENCIA,
  });
  await loginByApi(page, comprador.email, comprador.password, '/cotizar');
  for (const [i, linea] of m.lineas.entries()) await fillFilaCotizacion(page, i + 1, linea, 100);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(/\/datos-cotizacion$/);
  await expect(page.getByLabel('Nombre de contacto')).toHaveValue('Restorán Central');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await generarCotizacion(page);
  return m;
}

const bloques = (page: Page) => page.getByRole('region', { name: 'Opciones seleccionadas' }).locator('section.resultado__proveedor');
const neto = (page: Page) =>
  page
    .getByLabel('Total')
    .locator('div')
    .filter({ has: page.getByText('Neto', { exact: true }) })
    .locator('dd');

for (const ancho of [1280, 375]) {
  test(`at ${ancho} px a buyer asks for at most 2 suppliers: the cheapest basket from two, what it costs more, and the summary buys it`, async ({ page }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width: ancho, height: ancho > 400 ? 800 : 740 });
    const m = await cotizar(page);
    const control = page.getByRole('combobox', { name: 'Menos proveedores' });
    await expect(bloques(page)).toHaveCount(3);
    await expect(neto(page)).toHaveText(formatClp(SIN_TOPE));
    await expect(control).toHaveValue('');
    await expect(control.getByRole('option')).toHaveText(['Sin límite', 'Máximo 1 proveedor', 'Máximo 2 proveedores']);

    const comparada = page.waitForResponse((r) => r.url().includes('/comparar-precios/') && r.request().method() === 'POST');
    await control.selectOption({ label: 'Máximo 2 proveedores' });
    expect((await comparada).request().postDataJSON()).toMatchObject({ max_proveedores: 2 });
    await expect(page.getByText('+$5.000 por recibir 2 camiones en vez de 3', { exact: true })).toBeVisible();
    await expect(neto(page)).toHaveText(formatClp(CON_TOPE));
    await expect(bloques(page)).toHaveCount(2);
    const [a, , c] = m.proveedores;
    await expect(page.getByRole('heading', { level: 2, name: a!.empresa })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: c!.empresa })).toBeVisible();
    await expect(control).toHaveValue('2');
    await expect(control).toBeFocused();
    if (ancho < 400) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(ancho);
    await control.scrollIntoViewIfNeeded();
    await shot(page, `menos-proveedores-${ancho}`);
    await expectAccessible(page);

    // A reload keeps the cap and what it costs (the answer the screen holds carries it).
    await page.reload();
    await expect(control).toHaveValue('2');
    await expect(page.getByText('+$5.000 por recibir 2 camiones en vez de 3', { exact: true })).toBeVisible();

    // On to the summary: the capped basket is what is bought.
    await page.getByRole('button', { name: 'Comprar' }).click();
    await expect(page).toHaveURL(/\/facturacion$/);
    await page.getByRole('dialog', { name: 'Datos de facturación' }).getByRole('button', { name: 'No' }).click();
    await expect(page.getByRole('button', { name: `Confirmar compra por ${formatClp(conIva(CON_TOPE).total_con_iva)}`, exact: true })).toBeVisible();
    await shot(page, `menos-proveedores-resumen-${ancho}`);
  });
}
