import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';

/**
 * Where the e2e server keeps its data; e-mails land in its mail/ folder as .eml files.
 * E2E_DATA_DIR (with E2E_PORT) lets two suites run side by side on one machine.
 */
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? '.tmp/e2e-data';
const MAIL_DIR = path.resolve(E2E_DATA_DIR, 'mail');

let seq = 0;
export const uniqueEmail = (prefix: string) => `${prefix}.${Date.now()}.${process.pid}.${seq++}@prueba.cl`;

const decodeQuotedPrintable = (s: string) => s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(Number.parseInt(h, 16)));

/** The newest link of `kind` e-mailed to `email`, read from the .eml files the server wrote. */
export async function readMailLink(
  email: string,
  kind: 'activate' | 'password/reset/confirm' | 'confirmar-correo' | 'seguimiento' | 'pedidos-recibidos' | 'confirmar-orden' | 'listas',
): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const files = fs.existsSync(MAIL_DIR) ? fs.readdirSync(MAIL_DIR).sort().reverse() : [];
    for (const file of files) {
      const eml = decodeQuotedPrintable(fs.readFileSync(path.join(MAIL_DIR, file), 'utf8'));
      if (!eml.toLowerCase().includes(`to: ${email.toLowerCase()}`)) continue;
      const link = eml.match(new RegExp(`https?://[^\\s"<]+/${kind}/[^\\s"<]+`))?.[0];
      if (link) return link;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no llegó un correo ${kind} para ${email}`);
}

export interface E2EUser {
  email: string;
  password: string;
}

/** Registers through the API and activates with the link from the real .eml file and the signup's clave (docs/decisions/003). */
export async function createUserByApi(request: APIRequestContext, rol: 'comprador' | 'proveedor', email = uniqueEmail(rol)): Promise<E2EUser> {
  const password = 'clave-e2e-2026';
  const res = await request.post('/auth/users/', {
    data: {
      first_name: 'Ana',
      last_name: 'Pérez',
      email,
      password,
      re_password: password,
      is_comprador: rol === 'comprador',
      is_proveedor: rol === 'proveedor',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { clave_activacion } = await res.json();
  const [uid, token] = new URL(await readMailLink(email, 'activate')).pathname.split('/').slice(-2);
  expect((await request.post('/auth/users/activation/', { data: { uid, token, clave_activacion } })).status()).toBe(204);
  return { email, password };
}

/** What a supplier's row is, as registrar-nuevos takes it; the rest of its row is built. */
export interface ProductoNuevo {
  sku: string;
  nombre: string;
  categoria: string;
  precio: number;
  stock: number;
  /** Days from today to its expiry date. */
  dias: number;
  /** Its row in the uploaded file (2, the first under the headers, unless given). */
  id?: number;
  /** Tier label ('Desde 300 kg') → price from that tier on. */
  rangos?: Record<string, number>;
  /** The approved catalogue product the row offers; null (the default): a product of its own, for the moderator. */
  producto?: number | null;
  origen?: string;
  marca?: string;
}

/**
 * A row of POST /api/productos/registrar-nuevos/ as the bulk upload's confirmation sends it: by
 * default a product the catalogue does not have (exclusive, `producto` null), sold by the kilo,
 * which waits for the moderator; with `producto`, an offer on that catalogue product.
 */
export const buildProductoNuevo = ({
  id = 2,
  sku,
  nombre,
  categoria,
  precio,
  stock,
  dias,
  rangos = {},
  producto = null,
  origen = 'Chile',
  marca = 'Campo Austral',
}: ProductoNuevo) => ({
  id,
  sku,
  nombre,
  stock,
  precio,
  fecha_vencimiento: new Date(Date.now() + dias * 86_400_000).toISOString().slice(0, 10),
  rangos,
  origen,
  categoria,
  marca,
  producto,
  formato: 'AL VACIO',
  unidad: 'KILO',
  errores: [],
  producto_asignado: null,
});

/**
 * A row of the bulk upload's Excel file, by column, whose one error is its negative price
 * (PRECIO_INVALIDO): a product the catalogue does not have, by the box, due in 30 days.
 */
export const filaExcelConPrecioNegativo = (sku: string, nombre: string) => ({
  SKU: sku,
  Nombre: nombre,
  Precio: -5,
  Stock: 10,
  'Fecha vencimiento': new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
  Categoría: 'VEGETALES',
  Formato: 'CAJA',
  Unidad: 'CAJA',
});

/** Created by scripts/e2e-server.mjs through `npm run create-user`, the only way moderators come to exist. */
export const E2E_MODERADOR = { email: 'moderador.e2e@prueba.cl', password: 'moderacion-e2e-2026' };
export type Role = 'comprador' | 'proveedor' | 'moderador';

/** Logs in through the API and stores the tokens as the app does, then opens `path`. */
export async function loginByApi(page: Page, email: string, password: string, path = '/') {
  const res = await page.request.post('/auth/jwt/create/', { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
  const tokens = await res.json();
  await page.goto('/404-vacia');
  await page.evaluate((t) => {
    localStorage.setItem('access', t.access);
    localStorage.setItem('refresh', t.refresh);
  }, tokens);
  await page.goto(path);
  return tokens as { access: string; refresh: string };
}

/** A fresh buyer or supplier (or the e2e moderator), logged in, on `path`. */
export async function loginAs(page: Page, role: Role, path = '/') {
  const user = role === 'moderador' ? E2E_MODERADOR : await createUserByApi(page.request, role);
  await loginByApi(page, user.email, user.password, path);
  return user;
}

/**
 * A made-up word for this run's names: unique across parallel workers and repeats (the clock, the
 * process, a counter); letters only, so the upload's name matching reads it as one word, and
 * written as a name ('Mssymyvxymaa'), no wider on a 375 px card than a real word of its length.
 */
export function uniqueStamp(): string {
  let n = Date.now() * 1000 + (process.pid % 1000);
  let letras = '';
  for (; n > 0; n = Math.floor(n / 26)) letras = String.fromCharCode(97 + (n % 26)) + letras;
  letras += String.fromCharCode(97 + (seq++ % 26));
  return letras[0]!.toUpperCase() + letras.slice(1);
}

export const authHeaders = (access: string) => ({ authorization: `JWT ${access}` });

/** A user's access token, from /auth/jwt/create/. */
export async function accessToken(request: APIRequestContext, user: E2EUser): Promise<string> {
  const res = await request.post('/auth/jwt/create/', { data: { email: user.email, password: user.password } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).access;
}

/** A supplier's account and what the specs need of it: the company name buyers see, its token. */
export interface E2EProveedor extends E2EUser {
  empresa: string;
  access: string;
}

/** A company as /mi-empresa saves it, known to buyers as `nombre_fantasia` (docs/decisions/024). */
export const empresaE2E = (nombre_fantasia: string, correo_ventas: string) => ({
  razon_social: `${nombre_fantasia} SpA`,
  nombre_fantasia,
  rut: '77.218.654-1',
  giro: 'Venta al por mayor de alimentos',
  direccion: 'Av. San Miguel 2450',
  region: 7,
  comuna: 7101,
  telefono: '+56 71 261 4400',
  correo_ventas,
});

/** A new supplier with its company saved (its nombre de fantasía is what buyers see of it), through the API. */
export async function createProveedorByApi(request: APIRequestContext, empresa: string): Promise<E2EProveedor> {
  const user = await createUserByApi(request, 'proveedor');
  const access = await accessToken(request, user);
  const res = await request.put('/api/proveedor/empresa/', { headers: authHeaders(access), data: empresaE2E(empresa, user.email) });
  expect(res.status(), await res.text()).toBe(200);
  return { ...user, empresa, access };
}

/**
 * The supplier's offers through registrar-nuevos, as the bulk upload's confirmation sends them:
 * rows with the same SKU are one offer, each row a lot (its stock and expiry date).
 */
export async function registrarProductos(request: APIRequestContext, proveedor: { access: string }, filas: ProductoNuevo[]) {
  const productos = filas.map((f, i) => buildProductoNuevo({ ...f, id: i + 2 }));
  const res = await request.post('/api/productos/registrar-nuevos/', { headers: authHeaders(proveedor.access), data: { productos } });
  expect(res.status(), await res.text()).toBe(201);
  expect((await res.json()).errores).toEqual([]);
}

/** The e2e moderator approves the pending products named, so buyers can quote them; their catalogue ids by name. */
export async function aprobarProductos(request: APIRequestContext, nombres: string[]): Promise<Record<string, number>> {
  const headers = authHeaders(await accessToken(request, E2E_MODERADOR));
  const res = await request.get('/api/productos/productos-pendientes/', { headers });
  expect(res.status(), await res.text()).toBe(200);
  const pendientes: Array<{ id: number; nombre: string }> = await res.json();
  const ids: Record<string, number> = {};
  for (const nombre of nombres) {
    const p = pendientes.find((x) => x.nombre === nombre);
    expect(p, `${nombre} espera moderación`).toBeDefined();
    const moderado = await request.post('/api/productos/moderar-producto/', { headers, data: { producto_id: p!.id, accion: 'aprobar' } });
    expect(moderado.status(), await moderado.text()).toBe(200);
    ids[nombre] = p!.id;
  }
  return ids;
}

/** A saved delivery address as /direcciones-agregar sends it; the first one a buyer saves is its active one. */
export interface DireccionE2E {
  nombre_contacto: string;
  correo_contacto: string;
  telefono_contacto: string;
  direccion_envio: string;
  region: number;
  comuna: number;
}

/** A new buyer with a saved (active) delivery address, through the API; `email` when its length matters. */
export async function createCompradorConDireccion(request: APIRequestContext, direccion: DireccionE2E, email?: string): Promise<E2EUser> {
  const user = await createUserByApi(request, 'comprador', email);
  const res = await request.post('/api/cotizaciones/direccion/agregar/', {
    headers: authHeaders(await accessToken(request, user)),
    data: { ...direccion, cotizante_id: '', fecha_entrega: '' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return user;
}

/** Opens the menu when the viewport shows it collapsed (≤ 768 px). */
export async function openMenu(page: Page) {
  const toggle = page.getByRole('button', { name: 'Abrir menú' });
  if (await toggle.isVisible()) await toggle.click();
}

/** A supplier's workspace (Resumen, Pedidos Recibidos…): its side menu from 1,024 px, else the menu behind ☰, opened. */
export async function menuProveedor(page: Page): Promise<Locator> {
  if ((page.viewportSize()?.width ?? 0) >= 1024) return page.getByRole('navigation', { name: 'Menú del proveedor' });
  await openMenu(page);
  return page.getByRole('navigation', { name: 'Menú principal' });
}

export async function menuLabels(page: Page): Promise<string[]> {
  await openMenu(page);
  const nav = page.getByRole('navigation', { name: 'Menú principal' });
  await expect(nav.getByRole('link', { name: 'Inicio' })).toBeVisible();
  return (await nav.locator('li').allInnerTexts()).map((s) => s.trim());
}

/** With E2E_SCREENSHOTS=1, a screenshot into .tmp/screens/ to look at (whole page on wide screens). */
export async function shot(page: Page, name: string) {
  if (process.env.E2E_SCREENSHOTS === '1') await page.screenshot({ path: `.tmp/screens/${name}.png`, fullPage: page.viewportSize()!.width > 400 });
}

/** No serious or critical axe violation on the page (the fading toasts left out: half-transparent, they read as low contrast). */
export async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).exclude('[data-sonner-toaster]').analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.target}`)).toEqual([]);
}

/** Opens a picker (combobox), types to filter and picks the first option whose name starts with `option`. */
export async function pick(page: Page, name: string, typed: string, option = typed) {
  const box = page.getByRole('combobox', { name });
  await box.click();
  await box.fill(typed);
  await page
    .getByRole('option', { name: new RegExp(`^${option}`) })
    .first()
    .click();
  await expect(page.getByRole('listbox')).toHaveCount(0);
}

/** A product row of /cotizar as the pickers take it: what is typed and the option chosen, for its category and its name. */
export interface LineaCotizacion {
  categoria: [typed: string, option: string];
  producto: [typed: string, option: string];
}

/** On a phone (≤ 480 px) /cotizar folds a row's category, origin and brand behind a button: unfolds them; nothing on wider screens. */
export async function desplegarFiltros(page: Page, n: number) {
  await expect(page.getByRole('combobox', { name: `Producto, fila ${n}`, exact: true })).toBeVisible();
  const boton = page.getByRole('button', { name: new RegExp(`^Categoría, origen y marca.*, fila ${n}$`) });
  if ((await boton.count()) > 0 && (await boton.getAttribute('aria-expanded')) === 'false') await boton.click();
}

/** Fills row `n` of /cotizar (adding it first when n > 1 and it is not there yet). */
export async function fillFilaCotizacion(page: Page, n: number, linea: LineaCotizacion, cantidad: number) {
  // The table paints after the heading (docs/decisions/019): counting rows before its first one is
  // there would read 0 and add a second, empty row beside the one still to come.
  await expect(page.getByRole('combobox', { name: 'Producto, fila 1' })).toBeVisible();
  if ((await page.getByRole('combobox', { name: `Producto, fila ${n}` }).count()) === 0) await page.getByRole('button', { name: '+ Agregar producto' }).click();
  await desplegarFiltros(page, n);
  await pick(page, `Categoría, fila ${n}`, ...linea.categoria);
  await pick(page, `Producto, fila ${n}`, ...linea.producto);
  await page.getByRole('textbox', { name: `Cantidad, fila ${n}` }).fill(String(cantidad));
}

/** Generar cotización, through the loading screen, to the results. */
export async function generarCotizacion(page: Page) {
  await expect(page).toHaveURL(/\/confirmar-cotizacion$/);
  await page.getByRole('button', { name: 'Generar cotización' }).click();
  await expect(page.getByRole('status')).toContainText('Buscando los mejores precios');
  await expect(page.getByRole('heading', { name: 'Las mejores opciones para ti' })).toBeVisible({ timeout: 20_000 });
}
