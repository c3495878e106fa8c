import { desc, eq, sql } from 'drizzle-orm';
import { correoSaliente, usuario } from '#server/db/schema/usuario';
import { prepararProveedor } from './proveedores';
import type { TestApp } from './test-app';

let seq = 0;
export const uniqueEmail = (prefix: string) => `${prefix}.${process.pid}.${Date.now()}.${seq++}@prueba.cl`;

/** The uid and token of the newest link e-mailed to `email`, read from the outbox. */
export async function lastLink(t: TestApp, email: string, kind: 'activate' | 'password/reset/confirm' | 'confirmar-correo') {
  const rows = await t.database.db.select().from(correoSaliente).where(eq(correoSaliente.para, email)).orderBy(desc(correoSaliente.id));
  for (const row of rows) {
    const m = row.texto.match(new RegExp(`/${kind}/([^/\\s]+)/([^/\\s]+)`));
    if (m) return { uid: m[1]!, token: m[2]! };
  }
  throw new Error(`no hay enlace ${kind} para ${email}`);
}

/** The id of the account that holds `email` (any letter case), or undefined: the signup's answer carries none. */
export async function usuarioIdDe(t: TestApp, email: string): Promise<number | undefined> {
  const [row] = await t.database.db.select({ id: usuario.id }).from(usuario).where(sql`lower(${usuario.email}) = lower(${email})`);
  return row?.id;
}

export interface TestUser {
  id: number;
  email: string;
  password: string;
  access: string;
}

/**
 * Registers through the API, activates with the e-mailed link and the signup's clave (as the
 * browser that signed up does: the password typed at signup becomes the account's) and logs in.
 * A supplier comes set up (company and terms: prepararProveedor), its offers compared as before
 * that rule; `{ listo: false }` leaves it as a signup does, neither saved.
 */
export async function createUser(
  t: TestApp,
  rol: 'comprador' | 'proveedor',
  password = 'clave-de-prueba-9',
  { listo = true }: { listo?: boolean } = {},
): Promise<TestUser> {
  const email = uniqueEmail(rol);
  const res = await t.request({
    method: 'POST',
    url: '/auth/users/',
    payload: {
      first_name: 'Ana',
      last_name: 'Pérez',
      email,
      password,
      re_password: password,
      is_comprador: rol === 'comprador',
      is_proveedor: rol === 'proveedor',
    },
  });
  if (res.statusCode !== 201) throw new Error(`registro: ${res.body}`);
  const link = await lastLink(t, email, 'activate');
  const act = await t.request({ method: 'POST', url: '/auth/users/activation/', payload: { ...link, clave_activacion: res.json().clave_activacion } });
  if (act.statusCode !== 204) throw new Error(`activación: ${act.body}`);
  // The signup's answer carries no id (docs/decisions/003); the link's uid is Djoser's base64url of it.
  const id = Number(Buffer.from(link.uid, 'base64url').toString());
  if (rol === 'proveedor' && listo) await prepararProveedor(t.database.db, id);
  return { id, email, password, access: await t.tokenFor(email, password) };
}
