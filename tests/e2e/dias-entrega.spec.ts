import { expect, type Page, test } from '@playwright/test';
import { formatDiaLargo } from '#common/format';
import {
  aprobarProductos,
  createCompradorConDireccion,
  expectAccessible,
  fillFilaCotizacion,
  generarCotizacion,
  loginByApi,
  registrarProductos,
  shot,
  uniqueStamp,
} from '../fixtures';
import { createProveedorListoByApi, guardarCondicionesByApi } from './proveedor-listo';

// The delivery days a buyer sees on /datos-cotizacion, against the real server: a restaurant in
// Puerto Montt whose two products are sold by two suppliers that deliver there, one on Mondays,
// Wednesdays and Fridays, the other every day but Sunday. The date field offers only the days
// someone delivers, with how many, proposes the first day both can, and the comparison is made
// for the day the buyer chose.

const PUERTO_MONTT = { region: 10, comuna: 10101 };
const LUNES_MIERCOLES_VIERNES = [1, 3, 5];
const MENOS_DOMINGO = [1, 2, 3, 4, 5, 6];

/** Two suppliers, two products both sell; a buyer in Puerto Montt logged in on /cotizar with both products asked. */
async function cotizarEnPuertoMontt(page: Page) {
  const { request } = page;
  const sello = uniqueStamp();
  const [alterno, diario] = await Promise.all([`Pesquera Alterna ${sello}`, `Distribuidora Diaria ${sello}`].map((e) => createProveedorListoByApi(request, e)));
  const nombres = [`Merluza austral ${sello}`, `Congrio colorado ${sello}`];
  const fila = (nombre: string, sku: string, precio: number, producto?: number) => ({
    categoria: 'SECOS',
    nombre,
    sku,
    precio,
    stock: 1_000,
    dias: 90,
    origen: 'Chile',
    marca: `Mar ${sello}`,
    ...(producto ? { producto } : {}),
  });
  await registrarProductos(request, alterno!, [fila(nombres[0]!, `AL1-${sello}`, 900), fila(nombres[1]!, `AL2-${sello}`, 900)]);
  const ids = await aprobarProductos(request, nombres);
  await registrarProductos(request, diario!, [
    fila(nombres[0]!, `DI1-${sello}`, 1_000, ids[nombres[0]!]),
    fila(nombres[1]!, `DI2-${sello}`, 1_000, ids[nombres[1]!]),
  ]);
  await guardarCondicionesByApi(request, alterno!, { comunas: [PUERTO_MONTT.comuna], dias_despacho: LUNES_MIERCOLES_VIERNES });
  await guardarCondicionesByApi(request, diario!, { comunas: [PUERTO_MONTT.comuna], dias_despacho: MENOS_DOMINGO });

  const comprador = await createCompradorConDireccion(request, {
    nombre_contacto: 'Restorán del Puerto',
    correo_contacto: 'compras@puerto.cl',
    telefono_contacto: '+56912345678',
    direccion_envio: 'Av. Diego Portales 850',
    ...PUERTO_MONTT,
  });
  await loginByApi(page, comprador.email, comprador.password, '/cotizar');
  for (const [i, nombre] of nombres.entries()) {
    await fillFilaCotizacion(page, i + 1, { categoria: ['secos', 'SECOS'], producto: [nombre.toLowerCase(), nombre] }, 100);
  }
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(/\/datos-cotizacion$/);
}

const DIA = /^(lunes|martes|miércoles|jueves|viernes|sábado|domingo) (\d{1,2}): ([12]) de 2 proveedores( \(propuesto\))?$/;

for (const width of [375, 1280]) {
  test(`at ${width} px the date offers only the days someone delivers, proposes the first both can, and the comparison is for the day chosen`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: width < 400 ? 812 : 800 });
    await cotizarEnPuertoMontt(page);

    // The saved address brings the comuna: the date is already the list.
    const fecha = page.getByRole('combobox', { name: 'Fecha de entrega (opcional)' });
    await expect(fecha.locator('option').nth(1)).toHaveText(DIA);
    const etiquetas = await fecha.locator('option').allTextContents();
    expect(etiquetas[0]).toBe('Sin fecha');
    const dias = etiquetas.slice(1).map((e) => DIA.exec(e));
    expect(dias.every((d) => d !== null)).toBe(true);
    // No one delivers on Sundays: never offered. Both deliver on Mondays, Wednesdays and Fridays.
    expect(dias.some((d) => d![1] === 'domingo')).toBe(false);
    for (const d of dias) expect(d![3]).toBe(['lunes', 'miércoles', 'viernes'].includes(d![1]!) ? '2' : '1');
    // 14 days hold two Sundays; today is left out from noon on.
    expect(dias.length).toBeGreaterThanOrEqual(11);
    const propuesto = dias.findIndex((d) => d![4] !== undefined);
    expect(propuesto).toBe(dias.findIndex((d) => d![3] === '2'));
    const valores = await fecha.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    await expect(fecha).toHaveValue(valores[propuesto + 1]!);
    await expect(page.getByText(/^Propuesto: el .+, el primer día en que todos pueden despachar\.$/)).toBeVisible();
    await expectAccessible(page);
    await fecha.scrollIntoViewIfNeeded();
    await shot(page, `dias-entrega-${width}`);

    // The buyer picks a day only one delivers, by keyboard as well as a tap would.
    const uno = dias.findIndex((d) => d![3] === '1');
    const elegido = valores[uno + 1]!;
    await fecha.focus();
    await fecha.selectOption(elegido);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByText(formatDiaLargo(elegido))).toBeVisible();
    await generarCotizacion(page);
    const comparacion = await page.evaluate(() => JSON.parse(sessionStorage.getItem('cotizacion')!));
    expect(comparacion.fecha_entrega).toBe(elegido);
    expect(comparacion.proveedores_excluidos).toEqual([{ motivo: 'dia', cantidad: 1, mensaje: `1 proveedor no despacha el ${formatDiaLargo(elegido)}` }]);
  });
}
