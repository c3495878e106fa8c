import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

/** Where the e2e server keeps its data; e-mails land in its mail/ folder as .eml files. */
export const E2E_DATA_DIR = '.tmp/e2e-data';
const MAIL_DIR = path.resolve(E2E_DATA_DIR, 'mail');

let seq = 0;
export const uniqueEmail = (prefix: string) => `${prefix}.${Date.now()}.${process.pid}.${seq++}@prueba.cl`;

const decodeQuotedPrintable = (s: string) => s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(Number.parseInt(h, 16)));

/** The newest link of `kind` e-mailed to `email`, read from the .eml files the server wrote. */
export async function readMailLink(
  email: string,
  kind: 'activate' | 'password/reset/confirm' | 'confirmar-correo' | 'seguimiento' | 'pedidos-recibidos',
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
export async function createUserByApi(request: APIRequestContext, rol: 'comprador' | 'proveedor'): Promise<E2EUser> {
  const email = uniqueEmail(rol);
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

/** What a supplier's product of its own is, as registrar-nuevos takes it; the rest of its row is built. */
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
}

/**
 * A row of POST /api/productos/registrar-nuevos/ as the bulk upload's confirmation sends it: a
 * product the catalogue does not have (exclusive, `producto` null), sold by the kilo, which waits
 * for the moderator.
 */
export const buildProductoNuevo = ({ id = 2, sku, nombre, categoria, precio, stock, dias }: ProductoNuevo) => ({
  id,
  sku,
  nombre,
  stock,
  precio,
  fecha_vencimiento: new Date(Date.now() + dias * 86_400_000).toISOString().slice(0, 10),
  rangos: {},
  origen: 'Chile',
  categoria,
  marca: 'Campo Austral',
  producto: null,
  formato: 'AL VACIO',
  unidad: 'KILO',
  errores: [],
  producto_asignado: null,
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

/** Opens the menu when the viewport shows it collapsed (≤ 768 px). */
export async function openMenu(page: Page) {
  const toggle = page.getByRole('button', { name: 'Abrir menú' });
  if (await toggle.isVisible()) await toggle.click();
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
