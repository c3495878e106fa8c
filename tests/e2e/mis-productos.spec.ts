import { expect, type Page, test } from '@playwright/test';
import type { ProveedorProducto } from '../../common/schemas/proveedor-productos';
import { expectAccessible, loginAs, loginByApi, shot } from '../fixtures';

// Issue #11: the supplier's own list (/mis-productos-proovedor) against the real server, on the
// demo supplier's offers (Carnes del Maule; its three pending products come from the seed). Each
// test works on offers no other spec quotes: the pending 'Longaniza de Chillán' and approved offers
// picked through the API by name (never the ones the quotation specs buy).

const DEMO_PROVEEDOR = { email: 'proveedor@abastece.cl', password: 'abastece2026' };
const URL = '/mis-productos-proovedor';
const _SCREENSHOTS = process.env.E2E_SCREENSHOTS === '1';
/** Products other specs quote or buy: never edited or deleted here. */
const DE_OTROS = /Lomo vetado|Trutro entero|Fideos|Arroz|Chuleta|Queso|Leche|Alitas|Abastero|Avena|Codorniz|Zanahoria|Cordero|Longaniza/;

const tabla = (page: Page) => page.getByRole('table', { name: 'Listado de Productos' });
const filas = (page: Page) => tabla(page).locator('tbody tr');
const buscar = (page: Page, texto: string) => page.getByPlaceholder('Buscar producto, SKU, precio, stock o fecha...').fill(texto);
const pesos = (s: string) => Number(s.replace(/\D/g, ''));

/** The demo supplier's offers, read through the API with its token. */
async function ofertas(page: Page, access: string): Promise<ProveedorProducto[]> {
  const res = await page.request.get('/api/productos/proveedoresproductos/', { headers: { authorization: `JWT ${access}` } });
  expect(res.status()).toBe(200);
  return res.json();
}

/** The n-th approved offer with stock (from the newest) that no other spec uses. */
async function ofertaLibre(page: Page, access: string, n: number) {
  const libres = (await ofertas(page, access)).filter((o) => o.estado_moderacion === 'aprobado' && o.stock.length > 0 && !DE_OTROS.test(o.producto_nombre));
  return libres[libres.length - 1 - n]!;
}

test('the demo supplier pages by 7, sorts eight ways, searches, and sees pending and sold-out rows', async ({ page }) => {
  const { access } = await loginByApi(page, DEMO_PROVEEDOR.email, DEMO_PROVEEDOR.password, URL);
  // Setup through the API: the pending Longaniza sells out (every lot to 0), so it reads 'Sin stock'.
  const longaniza = (await ofertas(page, access)).find((o) => o.producto_nombre === 'Longaniza de Chillán')!;
  for (const l of longaniza.stock) {
    const res = await page.request.patch(`/api/productos/proveedoresproductos/${longaniza.id}/`, {
      headers: { authorization: `JWT ${access}` },
      data: { tarifa: longaniza.tarifa, cantidad: 0, cantidad_anterior: l.cantidad, fecha_expiracion: l.fecha_expiracion, stock_id: l.id },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  await page.reload();

  await expect(page.getByRole('heading', { name: 'Listado de Productos' })).toBeVisible();
  for (const h of [
    'SKU',
    'Nombre',
    'Precio',
    'Desde 100 kg',
    'Desde 300 kg',
    'Desde 700 kg',
    'Desde 1000 kg',
    'Desde 1500 kg',
    'Stock',
    'Fecha vencimiento',
    'Acciones',
  ]) {
    await expect(tabla(page).getByRole('columnheader', { name: h, exact: true })).toBeVisible();
  }
  await expect(filas(page)).toHaveCount(7);
  const paginas = page.getByRole('navigation', { name: 'Paginación' });
  await expect(paginas.getByRole('button', { name: 'Anterior' })).toBeDisabled();
  const primera = (await filas(page).first().textContent())!;
  await paginas.getByRole('button', { name: 'Siguiente' }).click();
  await expect(paginas.getByRole('button', { name: 'Página 2', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(filas(page).first()).not.toHaveText(primera);
  await paginas.getByRole('button', { name: 'Página 1', exact: true }).click();
  await expect(filas(page).first()).toHaveText(primera);

  // The eight sorts, each checked on the first page.
  const orden = page.getByLabel('Ordenar por');
  await expect(orden.locator('option')).toHaveText([
    'Sin ordenar',
    'Nombre (A-Z)',
    'Nombre (Z-A)',
    'Precio (menor a mayor)',
    'Precio (mayor a menor)',
    'Stock (menor a mayor)',
    'Stock (mayor a menor)',
    'Vencimiento (más antiguo)',
    'Vencimiento (más reciente)',
  ]);
  const columna = async (n: number) => (await filas(page).locator(`td:nth-child(${n})`).allInnerTexts()).map((t) => t.split('\n')[0]!.trim());
  const es = (a: string, b: string) => a.localeCompare(b, 'es', { sensitivity: 'base' });
  await orden.selectOption({ label: 'Nombre (A-Z)' });
  const az = await columna(2);
  expect(az).toEqual([...az].sort(es));
  await orden.selectOption({ label: 'Nombre (Z-A)' });
  const za = await columna(2);
  expect(za).toEqual([...za].sort(es).reverse());
  expect(za[0]).not.toBe(az[0]);
  await orden.selectOption({ label: 'Precio (menor a mayor)' });
  const baratos = (await columna(3)).map(pesos);
  expect(baratos).toEqual([...baratos].sort((a, b) => a - b));
  await orden.selectOption({ label: 'Precio (mayor a menor)' });
  const caros = (await columna(3)).map(pesos);
  expect(caros).toEqual([...caros].sort((a, b) => b - a));
  expect(caros[0]).toBeGreaterThan(baratos[0]!);
  // Sin stock counts as 0: the sold-out Longaniza comes first.
  await orden.selectOption({ label: 'Stock (menor a mayor)' });
  await expect(filas(page).first()).toContainText('Sin stock');
  await orden.selectOption({ label: 'Stock (mayor a menor)' });
  const stock = (await columna(9)).map((t) => Number(t.replace(/\./g, '').replace(',', '.')));
  expect(stock).toEqual([...stock].sort((a, b) => b - a));
  const fecha = (t: string) =>
    t
      .split('/')
      .reverse()
      .map((p) => p.padStart(2, '0'))
      .join('-');
  await orden.selectOption({ label: 'Vencimiento (más antiguo)' });
  const antiguas = (await columna(10)).map(fecha);
  expect(antiguas).toEqual([...antiguas].sort());
  await orden.selectOption({ label: 'Vencimiento (más reciente)' });
  const recientes = (await columna(10)).map(fecha);
  expect(recientes).toEqual([...recientes].sort().reverse());

  // Search by name (accents ignored); the pending row is highlighted, with its tooltip, and sold out.
  await buscar(page, 'longaniza de chillan');
  await expect(filas(page)).toHaveCount(1);
  const fila = filas(page).first();
  await expect(fila).toHaveClass(/fila-producto--pendiente/);
  await expect(fila).toContainText('Sin stock');
  const tag = fila.getByText('En revisión', { exact: true });
  await tag.hover();
  await expect(page.getByRole('tooltip')).toHaveText('Este producto está en revisión por el equipo de la plataforma.');
  await shot(page, 'mis-productos-pendiente-1280');
  // By SKU, by price as shown, and nothing found.
  await buscar(page, longaniza.sku);
  await expect(filas(page)).toHaveCount(1);
  await buscar(page, 'no existe ningún producto así');
  await expect(page.getByText('Ningún producto coincide con tu búsqueda.')).toBeVisible();
  await buscar(page, '');
  await expect(filas(page)).toHaveCount(7);
  await shot(page, 'mis-productos-1280');
  await expectAccessible(page);
});

test('inline edit: SPEC §5 messages, Cancelar discards, Guardar saves; the server refuses a past expiry', async ({ page }) => {
  const { access } = await loginByApi(page, DEMO_PROVEEDOR.email, DEMO_PROVEEDOR.password, URL);
  const oferta = await ofertaLibre(page, access, 0);
  await buscar(page, oferta.sku);
  await expect(filas(page)).toHaveCount(oferta.stock.length);
  await filas(page)
    .first()
    .getByRole('button', { name: `Editar ${oferta.producto_nombre}` })
    .click();
  const form = page.getByRole('form', { name: `Editar ${oferta.producto_nombre}` });
  await expect(form.getByLabel('Precio')).toHaveValue(String(oferta.tarifa));
  await expect(form.getByLabel('Fecha vencimiento')).toHaveValue(oferta.stock[0]!.fecha_expiracion);

  const guardar = form.getByRole('button', { name: 'Guardar' });
  await form.getByLabel('Precio').fill('');
  await guardar.click();
  await expect(form.getByText('Por favor, completa todos los campos antes de guardar.')).toBeVisible();
  await form.getByLabel('Precio').fill('12345678901');
  await guardar.click();
  await expect(form.getByText('El precio no puede exceder los 10 dígitos.')).toBeVisible();
  await form.getByLabel('Precio').fill('0');
  await guardar.click();
  await expect(form.getByText('El precio debe ser un número válido mayor a 0.')).toBeVisible();
  await form.getByLabel('Precio').fill('6190');
  await form.getByLabel('Desde 300 kg').fill('-5');
  await guardar.click();
  await expect(form.getByText('El valor del rango "Desde 300 kg" debe ser un número mayor o igual a 0.')).toBeVisible();
  await shot(page, 'mis-productos-editor-1280');
  await expectAccessible(page);

  // Cancelar discards.
  await form.getByRole('button', { name: 'Cancelar' }).click();
  await expect(form).toHaveCount(0);
  await expect(filas(page).first()).toContainText(new Intl.NumberFormat('es-CL').format(oferta.tarifa));

  // The server's 400 comes back as 'Error de validación: ' plus its message.
  await filas(page)
    .first()
    .getByRole('button', { name: `Editar ${oferta.producto_nombre}` })
    .click();
  await form.getByLabel('Fecha vencimiento').fill('2020-01-01');
  await guardar.click();
  await expect(page.getByText('Error de validación: La fecha de vencimiento debe ser futura.')).toBeVisible();
  await expect(form).toBeVisible();

  await form.getByLabel('Fecha vencimiento').fill('2099-12-31');
  await form.getByLabel('Precio').fill('6190');
  await form.getByLabel('Desde 300 kg').fill('5800');
  await form.getByLabel('Stock').fill('777');
  await guardar.click();
  await expect(page.getByText('Producto actualizado correctamente.')).toBeVisible();
  await expect(form).toHaveCount(0);
  const editada = filas(page).filter({ hasText: '31/12/2099' });
  await expect(editada).toContainText('$6.190');
  await expect(editada).toContainText('$5.800');
  await expect(editada).toContainText('777');
});

test('delete asks first; Cancelar keeps the product, Eliminar archives it', async ({ page }) => {
  const { access } = await loginByApi(page, DEMO_PROVEEDOR.email, DEMO_PROVEEDOR.password, URL);
  const oferta = await ofertaLibre(page, access, 1);
  await buscar(page, oferta.sku);
  await expect(filas(page)).toHaveCount(oferta.stock.length);
  const eliminar = filas(page)
    .first()
    .getByRole('button', { name: `Eliminar ${oferta.producto_nombre}` });
  await eliminar.click();
  const dialogo = page.getByRole('dialog', { name: 'Eliminar producto' });
  await expect(dialogo).toContainText('¿Deseas eliminar este producto? Esta acción no se puede deshacer.');
  await shot(page, 'mis-productos-eliminar-1280');
  await dialogo.getByRole('button', { name: 'Cancelar' }).click();
  await expect(filas(page)).toHaveCount(oferta.stock.length);

  await eliminar.click();
  await dialogo.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('Producto eliminado correctamente.')).toBeVisible();
  await expect(page.getByText('Ningún producto coincide con tu búsqueda.')).toBeVisible();
  expect((await ofertas(page, access)).some((o) => o.id === oferta.id)).toBe(false);
});

test('at 375 px each row is a card with its labels, nothing overflows sideways', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await loginByApi(page, DEMO_PROVEEDOR.email, DEMO_PROVEEDOR.password, URL);
  await expect(filas(page)).toHaveCount(7);
  await expect(tabla(page).locator('thead')).toBeHidden();
  const celda = filas(page).first().locator('td[data-label="Precio"]');
  expect(await celda.evaluate((td) => getComputedStyle(td, '::before').content)).toBe('"Precio"');
  await page.getByLabel('Ordenar por').selectOption({ label: 'Precio (mayor a menor)' });
  await filas(page)
    .first()
    .getByRole('button', { name: /^Editar / })
    .click();
  await expect(page.getByRole('form', { name: /^Editar / })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shot(page, 'mis-productos-editor-375');
  await page.getByRole('button', { name: 'Cancelar' }).click();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shot(page, 'mis-productos-375');
  await expectAccessible(page);
});

test('a new supplier without offers reads how to get some', async ({ page }) => {
  await loginAs(page, 'proveedor', URL);
  await expect(page.getByText('Aún no tienes productos. Súbelos desde la carga masiva.')).toBeVisible();
});
