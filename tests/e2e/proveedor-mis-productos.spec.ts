import { expect, type Page, test } from '@playwright/test';
import { formatDiaLargo } from '#common/format';
import type { ProductoPendiente } from '#common/schemas/moderacion';
import type { ProveedorProducto } from '#common/schemas/proveedor-productos';
import { createUserByApi, E2E_MODERADOR, expectAccessible, loginAs, loginByApi, shot } from '../fixtures';

// The supplier's own list (/mis-productos-proovedor) against the real server. Each test
// has a new supplier of its own whose offers it registers through the API (registrar-nuevos, the
// confirmation of the bulk upload), SKUs and names stamped: a retry, or another spec, finds the
// server as it left it, and every assertion reads only this supplier's data.

const URL = '/mis-productos-proovedor';
/**
 * Demo catalogue products no other spec quotes or buys, so an offer on them changes no other
 * spec's comparison; with the price, stock and days to expiry each one's offer gets here.
 */
const OFERTAS = [
  ['Osobuco', 8490, 120, 20],
  ['Pavo molido', 3290, 850, 45],
  ['Magret de pato', 12_990, 40, 90],
  ['Huachalomo', 5690, 300, 33],
  ['Tapapecho', 2190, 1500, 150],
  ['Panceta de cerdo', 9990, 75, 60],
  ['Malaya de cerdo', 4490, 640, 12],
  ['Posta negra', 15_490, 210, 200],
  ['Pechuga de pavo deshuesada', 6990, 990, 75],
] as const;

const tabla = (page: Page) => page.getByRole('table', { name: 'Listado de Productos' });
const filas = (page: Page) => tabla(page).locator('tbody tr');
const buscar = (page: Page, texto: string) => page.getByPlaceholder('Buscar producto, SKU, precio, stock o fecha...').fill(texto);
const pesos = (s: string) => Number(s.replace(/\D/g, ''));
const enDias = (dias: number) => new Date(Date.now() + dias * 86_400_000).toISOString().slice(0, 10);

/** An upload row as the bulk upload's screen confirms it: onto a catalogue product, or exclusive (`producto` null). */
const filaCarga = (sku: string, nombre: string, producto: number | null, precio: number, stock: number | null, dias: number) => ({
  id: 2,
  sku,
  nombre,
  stock,
  precio,
  fecha_vencimiento: enDias(dias),
  rangos: { 'Desde 300 kg': precio - 200 },
  origen: producto === null ? 'Chile' : null,
  categoria: producto === null ? 'CERDO' : null,
  marca: producto === null ? 'Cecinas del Ñuble' : null,
  producto,
  formato: producto === null ? 'AL VACIO' : null,
  unidad: producto === null ? 'KILO' : null,
  errores: [],
  producto_asignado: null,
});

/** The supplier's offers, read through the API with its token. */
async function ofertas(page: Page, access: string): Promise<ProveedorProducto[]> {
  const res = await page.request.get('/api/productos/proveedoresproductos/', { headers: { authorization: `JWT ${access}` } });
  expect(res.status()).toBe(200);
  return res.json();
}

/**
 * A new supplier, logged in on its list, with an offer on each product of OFERTAS (SKU
 * `MP-<stamp>-01`…; the first one with `lotes` stock lots, one row each) and, with `pendiente`,
 * a product of its own waiting for moderation and without stock.
 */
async function proveedorConOfertas(page: Page, { lotes = 2, pendiente = false } = {}) {
  const sello = `${Date.now()}`.slice(-7) + `${Math.floor(Math.random() * 100)}`.padStart(2, '0');
  const sku = (n: number) => `MP-${sello}-${String(n).padStart(2, '0')}`;
  const proveedor = await createUserByApi(page.request, 'proveedor');
  const { access } = await (await page.request.post('/auth/jwt/create/', { data: proveedor })).json();
  const authorization = `JWT ${access}`;

  const catalogo: { productos: { id: number; nombre: string; categoria: { id: number } }[] } = await (
    await page.request.get('/api/productos/consolidated-data/')
  ).json();
  const productos = OFERTAS.map(([nombre]) => catalogo.productos.find((p) => p.nombre === nombre)!);
  const filasNuevas = OFERTAS.flatMap(([nombre, precio, stock, dias], i) => [
    filaCarga(sku(i + 1), nombre, productos[i]!.id, precio, stock, dias),
    // The first offer's further lots: each its own expiry, so its own row.
    ...(i === 0 ? Array.from({ length: lotes - 1 }, (_, k) => filaCarga(sku(1), nombre, productos[0]!.id, precio, 50 + k, 300 + k)) : []),
  ]);
  const res = await page.request.post('/api/productos/registrar-nuevos/', {
    headers: { authorization },
    data: { categoria_id: productos[0]!.categoria.id, productos: filasNuevas },
  });
  expect(res.status(), await res.text()).toBe(201);
  expect(await res.json()).toEqual({ registrados: filasNuevas.length, errores: [] });

  const nombrePendiente = `Prieta de Chillán ${sello}`;
  if (pendiente) {
    const res = await page.request.post('/api/productos/registrar-nuevos/', {
      headers: { authorization },
      data: { productos: [filaCarga(sku(OFERTAS.length + 1), nombrePendiente, null, 7490, null, 30)] },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  await loginByApi(page, proveedor.email, proveedor.password, URL);
  return { access, ofertas: await ofertas(page, access), nombrePendiente };
}

test('the supplier pages by 7, sorts eight ways, searches, and sees pending and sold-out rows', async ({ page }) => {
  // Nine offers (the first with two lots) and a pending product without stock: 11 rows, two pages.
  const { ofertas: propias, nombrePendiente } = await proveedorConOfertas(page, { pendiente: true });
  const pendiente = propias.find((o) => o.producto_nombre === nombrePendiente)!;

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
  await expect(filas(page)).toHaveCount(4);
  await expect(paginas.getByRole('button', { name: 'Siguiente' })).toBeDisabled();
  await paginas.getByRole('button', { name: 'Página 1', exact: true }).click();
  await expect(filas(page).first()).toHaveText(primera);

  // The eight sorts, each checked on the first page, whose first row is the first of all 11 rows.
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
  expect(az[0]).toBe('Huachalomo');
  await orden.selectOption({ label: 'Nombre (Z-A)' });
  const za = await columna(2);
  expect(za).toEqual([...za].sort(es).reverse());
  expect(za[0]).toBe('Tapapecho');
  await orden.selectOption({ label: 'Precio (menor a mayor)' });
  const baratos = (await columna(3)).map(pesos);
  expect(baratos).toEqual([...baratos].sort((a, b) => a - b));
  expect(baratos[0]).toBe(2190);
  await orden.selectOption({ label: 'Precio (mayor a menor)' });
  const caros = (await columna(3)).map(pesos);
  expect(caros).toEqual([...caros].sort((a, b) => b - a));
  expect(caros[0]).toBe(15_490);
  // Sin stock counts as 0: the pending product, which has no stock, comes first.
  await orden.selectOption({ label: 'Stock (menor a mayor)' });
  await expect(filas(page).first()).toContainText('Sin stock');
  await orden.selectOption({ label: 'Stock (mayor a menor)' });
  const stock = (await columna(9)).map((t) => Number(t.replace(/\./g, '').replace(',', '.')));
  expect(stock).toEqual([...stock].sort((a, b) => b - a));
  expect(stock[0]).toBe(1500);
  // The column reads '2 de diciembre de 2026' (docs/decisions/017): back to ISO, which sorts as dates do.
  const MESES = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];
  const fecha = (t: string) => {
    const [, dia, mes, anio] = t.match(/^(\d{1,2}) de ([a-z]+) de (\d{4})$/)!;
    return `${anio}-${String(MESES.indexOf(mes!) + 1).padStart(2, '0')}-${dia!.padStart(2, '0')}`;
  };
  await orden.selectOption({ label: 'Vencimiento (más antiguo)' });
  const antiguas = (await columna(10)).map(fecha);
  expect(antiguas).toEqual([...antiguas].sort());
  const vencimientos = propias.flatMap((o) => o.stock.map((l) => l.fecha_expiracion)).sort();
  expect(antiguas[0]).toBe(vencimientos[0]);
  await orden.selectOption({ label: 'Vencimiento (más reciente)' });
  const recientes = (await columna(10)).map(fecha);
  expect(recientes).toEqual([...recientes].sort().reverse());
  expect(recientes[0]).toBe(vencimientos.at(-1));

  // Search by name (accents ignored); the pending row is highlighted, with its tooltip, and sold out.
  await buscar(page, nombrePendiente.replace('á', 'a').toLowerCase());
  await expect(filas(page)).toHaveCount(1);
  const fila = filas(page).first();
  await expect(fila).toHaveClass(/fila-producto--pendiente/);
  await expect(fila).toContainText('Sin stock');
  const tag = fila.getByText('En revisión', { exact: true });
  await tag.hover();
  await expect(page.getByRole('tooltip')).toHaveText('Este producto está en revisión por el equipo de la plataforma.');
  await shot(page, 'mis-productos-pendiente-1280');
  // By SKU, by price as shown, and nothing found.
  await buscar(page, pendiente.sku);
  await expect(filas(page)).toHaveCount(1);
  await buscar(page, '$12.990');
  await expect(filas(page)).toHaveCount(1);
  await expect(filas(page)).toContainText('Magret de pato');
  await buscar(page, 'no existe ningún producto así');
  await expect(page.getByText('Ningún producto coincide con tu búsqueda.')).toBeVisible();
  await buscar(page, '');
  await expect(filas(page)).toHaveCount(7);
  await shot(page, 'mis-productos-1280');
  await expectAccessible(page);

  // The pending product leaves the moderation queue again (the moderator rejects it through the
  // API): that queue is shared, oldest first, and moderacion.spec reads its first page.
  const { access: moderador } = await (await page.request.post('/auth/jwt/create/', { data: E2E_MODERADOR })).json();
  const authorization = `JWT ${moderador}`;
  const cola: ProductoPendiente[] = await (await page.request.get('/api/productos/productos-pendientes/', { headers: { authorization } })).json();
  const res = await page.request.post('/api/productos/moderar-producto/', {
    headers: { authorization },
    data: { producto_id: cola.find((p) => p.nombre === nombrePendiente)!.id, accion: 'rechazar' },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
});

test('inline edit: docs/producto.md §5 messages, Cancelar discards, Guardar saves; the server refuses a past expiry', async ({ page }) => {
  const { ofertas: propias } = await proveedorConOfertas(page);
  const oferta = propias.find((o) => o.producto_nombre === 'Huachalomo')!;
  await buscar(page, oferta.sku);
  await expect(filas(page)).toHaveCount(oferta.stock.length);
  await filas(page)
    .first()
    .getByRole('button', { name: `Editar ${oferta.producto_nombre}` })
    .click();
  const form = page.getByRole('form', { name: `Editar ${oferta.producto_nombre}` });
  await expect(form.getByLabel('Precio')).toHaveValue(String(oferta.tarifa));
  // The date input reads day-month-year (docs/decisions/017).
  await expect(form.getByLabel('Fecha vencimiento')).toHaveValue(oferta.stock[0]!.fecha_expiracion.split('-').reverse().join('-'));

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
  await form.getByLabel('Fecha vencimiento').fill('01-01-2020');
  await guardar.click();
  await expect(page.getByText('Error de validación: La fecha de vencimiento debe ser futura.')).toBeVisible();
  await expect(form).toBeVisible();

  await form.getByLabel('Fecha vencimiento').fill('31-12-2099');
  await form.getByLabel('Precio').fill('6190');
  await form.getByLabel('Desde 300 kg').fill('5800');
  await form.getByLabel('Stock').fill('777');
  await guardar.click();
  await expect(page.getByText('Producto actualizado correctamente.')).toBeVisible();
  await expect(form).toHaveCount(0);
  const editada = filas(page).filter({ hasText: '31 de diciembre de 2099' });
  await expect(editada).toContainText('$6.190');
  await expect(editada).toContainText('$5.800');
  await expect(editada).toContainText('777');
});

test('delete asks first; Cancelar keeps the product, Eliminar producto archives it', async ({ page }) => {
  const { access, ofertas: propias } = await proveedorConOfertas(page);
  const oferta = propias.find((o) => o.producto_nombre === 'Tapapecho')!;
  await buscar(page, oferta.sku);
  await expect(filas(page)).toHaveCount(oferta.stock.length);
  const eliminar = filas(page)
    .first()
    .getByRole('button', { name: `Eliminar producto ${oferta.producto_nombre}` });
  await eliminar.click();
  const dialogo = page.getByRole('dialog', { name: 'Eliminar producto' });
  await expect(dialogo).toContainText('¿Deseas eliminar este producto? Esta acción no se puede deshacer.');
  await expect(dialogo).toContainText(`Se eliminará Tapapecho (SKU ${oferta.sku}) con 1 lote: 1500 kg de stock en total.`);
  await shot(page, 'mis-productos-eliminar-1280');
  await dialogo.getByRole('button', { name: 'Cancelar' }).click();
  await expect(filas(page)).toHaveCount(oferta.stock.length);

  await eliminar.click();
  await dialogo.getByRole('button', { name: 'Eliminar producto' }).click();
  await expect(page.getByText('Producto eliminado correctamente.')).toBeVisible();
  await expect(page.getByText('Ningún producto coincide con tu búsqueda.')).toBeVisible();
  const quedan = await ofertas(page, access);
  expect(quedan.some((o) => o.id === oferta.id)).toBe(false);
  expect(quedan).toHaveLength(OFERTAS.length - 1);
});

test("a lot's row removes that lot only: the product stays with its other lots", async ({ page }) => {
  // The first offer (Osobuco, 120 kg) with two more lots: 50 and 51 kg.
  const { access, ofertas: propias } = await proveedorConOfertas(page, { lotes: 3 });
  const oferta = propias.find((o) => o.producto_nombre === 'Osobuco')!;
  expect(oferta.stock.map((l) => l.cantidad).sort((a, b) => a - b)).toEqual([50, 51, 120]);
  const lote = oferta.stock.find((l) => l.cantidad === 50)!;
  const fecha = formatDiaLargo(lote.fecha_expiracion);
  await buscar(page, oferta.sku);
  await expect(filas(page)).toHaveCount(3);

  await filas(page)
    .filter({ hasText: fecha })
    .getByRole('button', { name: /^Eliminar lote de Osobuco/ })
    .click();
  const dialogo = page.getByRole('dialog', { name: 'Eliminar lote' });
  await expect(dialogo).toContainText('¿Deseas eliminar el lote de 50 kg con vencimiento el');
  await expect(dialogo).toContainText(`Solo se elimina este lote: Osobuco (SKU ${oferta.sku}) sigue publicado con sus otros lotes.`);
  await shot(page, 'mis-productos-eliminar-lote-1280');
  await dialogo.getByRole('button', { name: 'Eliminar lote' }).click();
  await expect(page.locator('[data-sonner-toaster]').getByText(/^Lote de 50 kg con vencimiento el .* eliminado correctamente\.$/)).toBeVisible();
  await expect(filas(page)).toHaveCount(2);
  await expect(filas(page).filter({ hasText: fecha })).toHaveCount(0);

  // On the server: the offer is still there, with its two other lots.
  const ahora = (await ofertas(page, access)).find((o) => o.id === oferta.id)!;
  expect(ahora.stock.map((l) => l.cantidad).sort((a, b) => a - b)).toEqual([51, 120]);
});

test('at 375 px each row is a card with its labels, nothing overflows sideways, and 18 pages fit the pager', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  // 115 lots on the first offer and one on each other: 123 rows, 18 pages of 7.
  await proveedorConOfertas(page, { lotes: 115 });
  await expect(filas(page)).toHaveCount(7);
  await expect(tabla(page).locator('thead')).toBeHidden();
  const celda = filas(page).first().locator('td[data-label="Precio"]');
  expect(await celda.evaluate((td) => getComputedStyle(td, '::before').content)).toBe('"Precio"');

  // The pager shows a window of the 18 pages, the gaps as plain text, on one line of page numbers.
  const paginas = page.getByRole('navigation', { name: 'Paginación' });
  const numeros = paginas.getByRole('button', { name: /^Página / });
  await expect(numeros).toHaveText(['1', '2', '3', '4', '5', '18']);
  await expect(paginas.getByText('…')).toHaveCount(1);
  await numeros.filter({ hasText: '18' }).click();
  await expect(filas(page)).toHaveCount(4);
  await expect(paginas.getByRole('button', { name: 'Página 18' })).toHaveAttribute('aria-current', 'page');
  await expect(numeros).toHaveText(['1', '14', '15', '16', '17', '18']);
  const alturas = await numeros.evaluateAll((bs) => bs.map((b) => b.getBoundingClientRect().top));
  expect(new Set(alturas).size).toBe(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shot(page, 'mis-productos-paginas-375');

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

  await page.setViewportSize({ width: 1280, height: 800 });
  await paginas.getByRole('button', { name: 'Página 18' }).click();
  await paginas.getByRole('button', { name: 'Página 14' }).click();
  await expect(numeros).toHaveText(['1', '13', '14', '15', '18']);
  await expect(paginas.getByText('…')).toHaveCount(2);
  await shot(page, 'mis-productos-paginas-1280');
});

test('a new supplier without offers reads how to get some: one by hand or many by Excel', async ({ page }) => {
  await loginAs(page, 'proveedor', URL);
  const vacio = page.locator('.mis-productos__vacio');
  await expect(vacio.getByText('Aún no tienes productos. Agrégalos uno a uno o súbelos todos juntos desde un Excel.')).toBeVisible();
  await vacio.getByRole('button', { name: 'Agregar producto' }).click();
  await expect(page.getByRole('dialog', { name: 'Agregar producto' })).toBeVisible();
  await page.keyboard.press('Escape');
  await vacio.getByRole('link', { name: 'Subir un Excel (carga masiva)' }).click();
  await expect(page).toHaveURL(/\/carga-masiva$/);
});
