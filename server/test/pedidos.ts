import { desc, eq, inArray } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import { correoSaliente, usuario } from '#server/db/schema/usuario';
import { createOfertaDePrueba, createProductoDePrueba } from './ofertas';
import { actualizar, createFlujo, crearOrden } from './cotizacion';
import { crearOrdenConfirmada } from './por-confirmar';
import { ROLES } from './roles';
import { setupTestApp, type TestApp } from './test-app';
import { createUser, type TestUser } from './users';

export const LEJOS = '2099-06-01';

/** The demo supplier accounts of roles.ts, by role name. */
export async function proveedorIds(t: TestApp): Promise<{ proveedor: number; otroProveedor: number }> {
  const filas = await t.database.db
    .select({ id: usuario.id, email: usuario.email })
    .from(usuario)
    .where(inArray(usuario.email, [ROLES.proveedor, ROLES.otroProveedor]));
  const id = (email: string) => filas.find((f) => f.email === email)!.id;
  return { proveedor: id(ROLES.proveedor), otroProveedor: id(ROLES.otroProveedor) };
}

/**
 * The app of a file about orders: role tokens, the demo suppliers' ids and a second buyer of its
 * own, all filled in before the file's tests (as setupTestApp fills its context).
 */
export function setupPedidosTestApp() {
  const ctx = setupTestApp({ roleTokens: true });
  const ids = { proveedor: 0, otroProveedor: 0 };
  const otroComprador = {} as TestUser;
  beforeAll(async () => {
    Object.assign(ids, await proveedorIds(ctx.t));
    Object.assign(otroComprador, await createUser(ctx.t, 'comprador'));
  });
  return { ctx, ids, otroComprador };
}

export interface OfertaDePrueba {
  proveedorId: number;
  tarifa: number;
  lotes: Array<[number, string]>;
  cantidad: number;
}

/**
 * An order of `token` (anonymous when undefined) through the real flow: one new product per offer
 * given, the buyer choosing `cantidad` of each, crear-orden answering 201 (anonymous: confirmed by its e-mail's link).
 */
export async function createOrden(t: TestApp, ofertas: OfertaDePrueba[], token?: string, billing: Record<string, unknown> = {}) {
  const { db } = t.database;
  const creadas: Array<{ ofertaId: number; productoId: number }> = [];
  for (const o of ofertas) {
    const p = await createProductoDePrueba(db);
    const ofertaId = await createOfertaDePrueba(db, {
      productoId: p.id,
      categoriaId: p.categoria_id,
      proveedorId: o.proveedorId,
      tarifa: o.tarifa,
      lotes: o.lotes,
    });
    creadas.push({ ofertaId, productoId: p.id });
  }
  const f = await createFlujo(
    t,
    creadas.map((c, i) => [c.productoId, Math.max(100, Math.ceil(ofertas[i]!.cantidad))]),
    token,
  );
  const elegida = await actualizar(
    t,
    f,
    creadas.map((c, i) => [c.ofertaId, ofertas[i]!.cantidad]),
    token,
  );
  expect(elegida.statusCode, elegida.body).toBe(200);
  // Without an account the order waits for its contact's confirmation (docs/decisions/007): confirmed here as by its e-mail.
  const res = token === undefined ? await crearOrdenConfirmada(t, f, billing) : await crearOrden(t, f, token, billing);
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json() as { orden_id: number; pedidos: Array<{ id: number; proveedor: string; total: number }>; seguimiento: string };
  return { ...body, ofertas: creadas.map((c) => c.ofertaId), productos: creadas.map((c) => c.productoId), flujo: f };
}

/** The outbox messages to `para`, newest first. */
export const correosPara = (t: TestApp, para: string) =>
  t.database.db.select().from(correoSaliente).where(eq(correoSaliente.para, para)).orderBy(desc(correoSaliente.id));
