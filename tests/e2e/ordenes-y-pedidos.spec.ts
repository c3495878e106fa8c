import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { FACTURACION } from '#server/test/facturacion';
import {
  buildProductoNuevo,
  createUserByApi,
  E2E_DATA_DIR,
  E2E_MODERADOR,
  type E2EUser,
  expectAccessible,
  loginByApi,
  menuProveedor,
  pick,
  readMailLink,
  shot,
} from '../fixtures';
import { cotizarPorApi, idsDeProductos, otroNavegador } from './pasos-comprador';
import { createProveedorListoByApi } from './proveedor-listo';

// An order reaches its suppliers and comes back, against the real server. Each test has
// two new suppliers, each with a product of its own (proposed through registrar-nuevos and approved
// by the e2e moderator, so no other spec's comparison sees them), and a new buyer who orders from
// both. One supplier confirms, dispatches and delivers; the other rejects with a reason; the buyer
// follows both while logged in and through the tracking link of its e-mail.

const MOTIVO = 'No despachamos a esa comuna esta semana.';

interface Proveedor extends E2EUser {
  empresa: string;
  producto: string;
  access: string;
}

interface Escenario {
  a: Proveedor;
  b: Proveedor;
  comprador: E2EUser;
}

const token = async (request: APIRequestContext, user: E2EUser) => (await (await request.post('/auth/jwt/create/', { data: user })).json()).access as string;

/** A new supplier with its company saved (`empresa`, the name buyers see) and one product of its own, approved, 500 kg in stock. */
async function proveedorConProducto(request: APIRequestContext, empresa: string, producto: string, categoria: string, precio: number): Promise<Proveedor> {
  const { access, ...user } = await createProveedorListoByApi(request, empresa);
  const headers = { authorization: `JWT ${access}` };
  const fila = buildProductoNuevo({ sku: `PED-${Date.now()}`, nombre: producto, categoria, precio, stock: 500, dias: 120 });
  const res = await request.post('/api/productos/registrar-nuevos/', { headers, data: { productos: [fila] } });
  expect(res.status(), await res.text()).toBe(201);
  return { ...user, empresa, producto, access };
}

/** The moderator approves the products by name, so buyers can quote them. */
async function aprobar(request: APIRequestContext, nombres: string[]) {
  const headers = { authorization: `JWT ${await token(request, E2E_MODERADOR)}` };
  const pendientes: Array<{ id: number; nombre: string }> = await (await request.get('/api/productos/productos-pendientes/', { headers })).json();
  for (const nombre of nombres) {
    const p = pendientes.find((x) => x.nombre === nombre)!;
    const res = await request.post('/api/productos/moderar-producto/', { headers, data: { producto_id: p.id, accion: 'aprobar' } });
    expect(res.status(), await res.text()).toBe(200);
  }
}

async function escenario(request: APIRequestContext): Promise<Escenario> {
  const sello = `${Date.now()}`.slice(-7) + `${Math.floor(Math.random() * 100)}`.padStart(2, '0');
  const a = await proveedorConProducto(request, `Carnes Australes ${sello}`, `Lomo de ciervo ${sello}`, 'CARNE BOVINA', 9990);
  const b = await proveedorConProducto(request, `Lácteos del Sur ${sello}`, `Queso mantecoso ${sello}`, 'LACTEO', 6490);
  await aprobar(request, [a.producto, b.producto]);
  return { a, b, comprador: await createUserByApi(request, 'comprador') };
}

/** The buyer orders 150 kg of A's product and 120 kg of B's through the screens, seeing what it buys before buying. */
async function comprarPorPantalla(page: Page, { a, b, comprador }: Escenario): Promise<number> {
  await loginByApi(page, comprador.email, comprador.password, '/cotizar');
  for (const [i, [categoria, producto, cantidad]] of [
    ['CARNE BOVINA', a.producto, '150'],
    ['LACTEO', b.producto, '120'],
  ].entries()) {
    const n = i + 1;
    if (n > 1) await page.getByRole('button', { name: '+ Agregar producto' }).click();
    await pick(page, `Categoría, fila ${n}`, categoria!);
    await pick(page, `Producto, fila ${n}`, producto!);
    await page.getByRole('textbox', { name: `Cantidad, fila ${n}` }).fill(cantidad!);
  }
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(/\/datos-cotizacion$/);
  await page.getByLabel('Nombre de contacto').fill('Cocina Central');
  await page.getByLabel('Correo de contacto').fill('cocina@prueba.cl');
  await page.getByLabel('Teléfono').fill('+56922334455');
  await page.getByLabel('Dirección de envío (opcional)').fill('Av. Italia 1450');
  await page.getByLabel('Región', { exact: true }).selectOption({ label: 'Región Metropolitana de Santiago' });
  await page.getByLabel('Comuna').selectOption({ label: 'Ñuñoa' });
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByRole('button', { name: 'Generar cotización' }).click();
  await expect(page.getByRole('heading', { name: 'Las mejores opciones para ti' })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Comprar' }).click();

  // What the order will buy, before anything is bought: 150 × $9,990 and 120 × $6,490.
  await expect(page).toHaveURL(/\/facturacion$/);
  await expect(page.getByRole('table', { name: `Productos de ${a.empresa}` })).toContainText('150 kg');
  await expect(page.getByRole('table', { name: `Productos de ${b.empresa}` })).toContainText('120 kg');
  // Net $2.277.300; IVA 19 % once on it ($432.687); $2.709.987 in all.
  await expect(page.getByLabel('Total de la compra')).toHaveText('Neto$2.277.300IVA (19 %)$432.687Total de la compra$2.709.987');
  await page.getByRole('dialog', { name: 'Datos de facturación' }).getByRole('button', { name: 'No' }).click();
  await expect(page).toHaveURL(/\/facturacion$/);
  await shot(page, `pedidos-facturacion-${page.viewportSize()!.width}`);
  await page.getByRole('button', { name: 'Confirmar compra por $2.709.987' }).click();

  await expect(page).toHaveURL(/\/confirmacion$/);
  const pedidos = page.getByRole('list', { name: 'Pedidos de la orden' });
  // Each pedido's total with IVA, and the order's Neto / IVA / Total.
  await expect(pedidos).toContainText(`${a.empresa} · $1.783.215 IVA incl.`);
  await expect(pedidos).toContainText(`${b.empresa} · $926.772 IVA incl.`);
  await expect(page.getByLabel(/^Montos de la orden N° \d+$/)).toHaveText('Neto$2.277.300IVA (19 %)$432.687Total de la orden$2.709.987');
  const numero = await page.getByText(/Número de orden: \d+/).textContent();
  return Number(numero!.match(/\d+/)![0]);
}

/** The same order through the API (the screens of the purchase are the 1280 px test's), with billing data when given. */
async function comprarPorApi(request: APIRequestContext, { a, b, comprador }: Escenario, facturacion: Record<string, unknown> = {}): Promise<number> {
  const [deA, deB] = await idsDeProductos(request, [a.producto, b.producto]);
  const productos = [
    { producto: deA!, cantidad: 150 },
    { producto: deB!, cantidad: 120 },
  ];
  return (await cotizarPorApi(request, comprador, productos, { comprar: true, facturacion })).ordenId!;
}

/** A supplier in its own browser, logged in, on its inbox. */
async function bandeja(browser: Browser, p: Proveedor, width: number): Promise<Page> {
  const page = await otroNavegador(browser, width);
  await loginByApi(page, p.email, p.password, '/');
  // The menu says how many pedidos wait for an answer (the side menu from 1,024 px, else behind ☰).
  const entrada = (await menuProveedor(page)).locator('a[href="/pedidos-recibidos"]');
  await expect(entrada).toHaveAttribute('aria-label', 'Pedidos Recibidos, 1 pendiente');
  await entrada.click();
  await expect(page.getByRole('heading', { name: 'Pedidos Recibidos' })).toBeVisible();
  return page;
}

/** The supplier opens its pedido of this order from its inbox (its e-mail's link names the same pedido). */
async function abrirPedido(page: Page, p: Proveedor, ordenId: number): Promise<number> {
  const fila = page
    .locator('tbody tr')
    .filter({ hasText: 'Cocina Central' })
    .filter({ hasText: String(ordenId) });
  await expect(fila).toContainText('Pendiente');
  await shot(page, `pedidos-recibidos-${page.viewportSize()!.width}`);
  const enlace = await readMailLink(p.email, 'pedidos-recibidos');
  const id = Number(enlace.match(/\/pedidos-recibidos\/(\d+)/)![1]);
  await fila.getByRole('link', { name: `Ver pedido N° ${id}` }).click();
  await expect(page.getByRole('heading', { name: new RegExp(`^Pedido N° ${id}`) })).toBeVisible();
  return id;
}

async function mover(page: Page, boton: string, dialogo: string, toast: string) {
  await page.getByRole('button', { name: boton, exact: true }).click();
  await page.getByRole('dialog', { name: dialogo }).getByRole('button', { name: boton, exact: true }).click();
  await expect(page.getByText(toast)).toBeVisible();
}

async function expectNoSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
}

/** A confirms, dispatches and delivers (and prints its purchase order); B rejects with a reason. */
async function proveedoresResponden(browser: Browser, { a, b }: Escenario, ordenId: number, width: number) {
  const pa = await bandeja(browser, a, width);
  const idA = await abrirPedido(pa, a, ordenId);
  await expect(pa.getByRole('table', { name: `Productos del pedido N° ${idA}` })).toContainText('150 kg');
  await expect(pa.getByText('Av. Italia 1450')).toBeVisible();
  await expectAccessible(pa);
  await mover(pa, 'Confirmar', 'Confirmar pedido', 'Pedido confirmado.');
  await mover(pa, 'Marcar como despachado', 'Marcar como despachado', 'Pedido marcado como despachado.');
  await mover(pa, 'Marcar como entregado', 'Marcar como entregado', 'Pedido marcado como entregado.');
  await expect(pa.getByRole('list', { name: `Historial del pedido N° ${idA}` }).getByRole('listitem')).toHaveText([
    /^Pendiente/,
    /^Confirmado/,
    /^Despachado/,
    /^Entregado/,
  ]);
  await expectNoSideScroll(pa);
  await shot(pa, `pedido-entregado-${width}`);
  // The purchase order (orden-de-compra.spec.ts has its whole story), on paper: both parties and the lines, without the screen's controls.
  await pa.getByRole('link', { name: 'Imprimir orden de compra' }).click();
  await pa.emulateMedia({ media: 'print' });
  await expect(pa.getByRole('heading', { level: 1, name: new RegExp(`^Orden de compra N° ${ordenId}-[12]$`) })).toBeVisible();
  await expect(pa.getByRole('button', { name: 'Imprimir' })).toBeHidden();
  // Nor the supplier's side menu (there at 1280 px): the order takes the whole page.
  await expect(pa.getByRole('navigation', { name: 'Menú del proveedor' })).toBeHidden();
  // The supplier’s company on paper: its razón social, RUT and giro.
  const proveedor = pa.getByRole('region', { name: 'Proveedor' });
  await expect(proveedor).toContainText(`${a.empresa} SpA`);
  await expect(proveedor).toContainText('RUT: 77.218.654-1');
  await expect(proveedor).toContainText('Giro: Venta al por mayor de alimentos');
  await expect(pa.locator('.orden-de-compra tbody')).toContainText('150 kg');
  await shot(pa, `pedido-impresion-${width}`);
  await pa.context().close();

  const pb = await bandeja(browser, b, width);
  const idB = await abrirPedido(pb, b, ordenId);
  await pb.getByRole('button', { name: 'Rechazar', exact: true }).click();
  const rechazo = pb.getByRole('dialog', { name: `Rechazar pedido N° ${idB}` });
  await rechazo.getByRole('button', { name: 'Rechazar pedido' }).click();
  await expect(rechazo.getByText('Indica el motivo del rechazo.')).toBeVisible();
  await rechazo.getByLabel('Motivo del rechazo').fill(MOTIVO);
  await shot(pb, `pedido-rechazo-${width}`);
  await rechazo.getByRole('button', { name: 'Rechazar pedido' }).click();
  await expect(pb.getByText('Pedido rechazado.')).toBeVisible();
  await expect(pb.getByRole('list', { name: `Historial del pedido N° ${idB}` })).toContainText(`Motivo: ${MOTIVO}`);
  // Its 120 kg are back in its lot.
  const ofertas = await (await pb.request.get('/api/productos/proveedoresproductos/', { headers: { authorization: `JWT ${b.access}` } })).json();
  expect(ofertas[0].stock.map((l: { cantidad: number }) => l.cantidad)).toEqual([500]);
  await pb.context().close();
  return { idA, idB };
}

/** The buyer's view of the order: A delivered, B rejected with its reason. */
async function expectOrdenSeguida(page: Page, { a, b }: Escenario, ids: { idA: number; idB: number }) {
  const pedidoA = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `Pedido N° ${ids.idA} · ${a.empresa}` }) });
  const pedidoB = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `Pedido N° ${ids.idB} · ${b.empresa}` }) });
  await expect(pedidoA).toContainText('Entregado');
  await expect(pedidoB).toContainText('Rechazado');
  await expect(pedidoB).toContainText(`Motivo: ${MOTIVO}`);
  await expect(page.getByRole('button', { name: /^Anular/ })).toHaveCount(0);
  // A's Neto / IVA / Total under its lines; the order's are A's alone now that B is rejected (IVA once on its neto).
  await expect(page.getByLabel(`Montos del pedido N° ${ids.idA}`)).toHaveText('Neto$1.498.500IVA (19 %)$284.715Total$1.783.215');
  await expect(page.getByLabel(/^Montos de la orden N° \d+$/)).toHaveText('Neto$1.498.500IVA (19 %)$284.715Total$1.783.215');
  await expectNoSideScroll(page);
}

test('at 1280 px: the buyer sees what it buys, two suppliers answer, the buyer follows both logged in and by its link', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const e = await escenario(page.request);
  const ordenId = await comprarPorPantalla(page, e);
  await shot(page, 'pedidos-confirmacion-1280');

  const ids = await proveedoresResponden(browser, e, ordenId, 1280);

  await page.getByRole('link', { name: 'Ver mi orden' }).click();
  await expect(page.getByRole('heading', { name: `Orden de compra N° ${ordenId}` })).toBeVisible();
  await expectOrdenSeguida(page, e, ids);
  await shot(page, 'pedidos-orden-1280');
  await expectAccessible(page);
  await page.goto('/ordenes');
  const orden = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `Orden N° ${ordenId}` }) });
  await expect(orden).toContainText('Entregado');
  await expect(orden).toContainText('Rechazado');
  await expect(orden.getByLabel(`Total de la orden N° ${ordenId}`)).toHaveText('Total$1.783.215 IVA incl.Neto$1.498.500');

  // The tracking link of the buyer's e-mail, opened with no session at all.
  const seguimiento = await readMailLink(e.comprador.email, 'seguimiento');
  const anonimo = await otroNavegador(browser, 1280);
  await anonimo.goto(new URL(seguimiento).pathname);
  await expect(anonimo.getByRole('heading', { name: `Orden de compra N° ${ordenId}` })).toBeVisible();
  await expectOrdenSeguida(anonimo, e, ids);
  await shot(anonimo, 'pedidos-seguimiento-1280');
  await anonimo.context().close();
});

test('at 375 px: the suppliers answer and the buyer follows the order on phones; the buyer annuls a pending pedido', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 375, height: 800 });
  const e = await escenario(page.request);
  const ordenId = await comprarPorApi(page.request, e);
  const ids = await proveedoresResponden(browser, e, ordenId, 375);

  await loginByApi(page, e.comprador.email, e.comprador.password, `/ordenes/${ordenId}`);
  await expectOrdenSeguida(page, e, ids);
  await shot(page, 'pedidos-orden-375');
  await expectAccessible(page);
  const seguimiento = await readMailLink(e.comprador.email, 'seguimiento');
  await page.goto(new URL(seguimiento).pathname);
  await expectOrdenSeguida(page, e, ids);

  // A second order, annulled by the buyer while it is pending: its supplier reads it at once.
  const otra = await comprarPorApi(page.request, e);
  await page.goto(`/ordenes/${otra}`);
  const pedidos = page.getByRole('button', { name: /^Anular el pedido N° \d+$/ });
  await expect(pedidos).toHaveCount(2);
  await pedidos.first().click();
  const dialogo = page.getByRole('dialog', { name: /^¿Deseas anular el pedido N° \d+\?$/ });
  await dialogo.getByLabel('Motivo (opcional)').fill('Nos equivocamos de cantidad.');
  await dialogo.getByRole('button', { name: 'Anular pedido' }).click();
  await expect(page.getByText('Pedido anulado.')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Anular el pedido N° \d+$/ })).toHaveCount(1);
  await expect(page.getByText('Motivo: Nos equivocamos de cantidad.')).toBeVisible();
  await expectNoSideScroll(page);
  await shot(page, 'pedidos-anulado-375');
});

/** The HTML of the newest e-mail to `email` that says `texto`, from the .eml files the server wrote (quoted-printable, UTF-8). */
async function readMailHtml(email: string, texto: string): Promise<string> {
  const dir = path.resolve(E2E_DATA_DIR, 'mail');
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    for (const file of fs.existsSync(dir) ? fs.readdirSync(dir).sort().reverse() : []) {
      const eml = fs.readFileSync(path.join(dir, file), 'utf8');
      if (!eml.toLowerCase().includes(`to: ${email.toLowerCase()}`)) continue;
      const parte = eml.split(/Content-Type: text\/html; charset=utf-8\r?\nContent-Transfer-Encoding: quoted-printable\r?\n\r?\n/)[1]!.split(/\r?\n--/)[0]!;
      const bytes = parte.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(Number.parseInt(h, 16)));
      const html = Buffer.from(bytes, 'latin1').toString('utf8');
      if (html.includes(texto)) return html;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no llegó un correo '${texto}' para ${email}`);
}

test('at 375 px: the link of a status e-mail shows each pedido state first, then its day, comuna and lines, and none of the buyer data; the e-mail fits the phone', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const e = await escenario(page.request);
  // Billing data of a real order: none of it, nor the delivery contact, may show on the tracking link.
  const ordenId = await comprarPorApi(page.request, e, FACTURACION);
  // A confirms its pedido; B has not answered yet.
  const headersA = { authorization: `JWT ${e.a.access}` };
  const [pedidoA] = (await (await page.request.get(`/api/pedidos/?q=${ordenId}`, { headers: headersA })).json()).results.filter(
    (p: { orden_id: number }) => p.orden_id === ordenId,
  );
  const confirmado = await page.request.post(`/api/pedidos/${pedidoA.id}/estado/`, { headers: headersA, data: { estado: 'confirmado' } });
  expect(confirmado.status(), await confirmado.text()).toBe(200);

  // The link of that e-mail, opened in a browser with no session: anyone it was forwarded to.
  const correo = await readMailHtml(e.comprador.email, `${e.a.empresa} confirmó tu pedido`);
  const enlace = correo.match(/href="([^"]+\/seguimiento\/[^"]+)"/)![1]!;
  const anonimo = await otroNavegador(browser, 375);
  await anonimo.goto(new URL(enlace).pathname);
  await expect(anonimo.getByRole('heading', { name: `Orden de compra N° ${ordenId}` })).toBeVisible();
  for (const [empresa, estado] of [
    [e.a.empresa, 'Confirmado'],
    [e.b.empresa, 'Pendiente'],
  ] as const) {
    const card = anonimo.getByRole('listitem').filter({ has: anonimo.getByRole('heading', { name: new RegExp(`^Pedido N° \\d+ · ${empresa}$`) }) });
    // State first, then who it is, the day and comuna, then the lines.
    expect((await card.innerText()).startsWith(estado), await card.innerText()).toBe(true);
    const entrega = card.getByLabel(/^Entrega del pedido N° \d+$/);
    await expect(entrega).toContainText('Ñuñoa');
    await expect(entrega).toContainText(/\d{1,2} de \p{L}+ de \d{4}/u);
    const y = async (l: ReturnType<Page['locator']>) => (await l.boundingBox())!.y;
    const orden = [
      await y(card.locator('.estado-pedido')),
      await y(card.getByRole('heading', { level: 3 })),
      await y(entrega),
      await y(card.getByRole('table')),
    ];
    expect(orden).toEqual([...orden].sort((p, q) => p - q));
  }
  const texto = await anonimo.locator('main').innerText();
  for (const privado of [
    ...Object.values(FACTURACION).filter((v) => typeof v === 'string'),
    'Comercial Los Andes',
    'Cocina Central',
    'cocina@prueba.cl',
    'Av. Italia 1450',
    '2233 4455',
    '22334455',
    e.comprador.email,
  ])
    expect(texto, String(privado)).not.toContain(privado);
  await expect(anonimo.getByRole('region', { name: 'Facturación' })).toHaveCount(0);
  await expectNoSideScroll(anonimo);
  await expectAccessible(anonimo);
  await shot(anonimo, 'pedidos-seguimiento-375');

  // The e-mail itself, as a phone shows it: no wider than the screen; on a desktop, a 600 px column.
  await anonimo.setContent(correo);
  await expect(anonimo.getByRole('link', { name: 'Seguir mi orden' })).toHaveAttribute('href', enlace);
  await expectNoSideScroll(anonimo);
  await shot(anonimo, 'correo-estado-375');
  await anonimo.setViewportSize({ width: 1280, height: 900 });
  expect((await anonimo.locator('table[role=presentation] table[role=presentation]').first().boundingBox())!.width).toBeLessThanOrEqual(600);
  await shot(anonimo, 'correo-estado-1280');
  await anonimo.context().close();
});
