import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#server/db/client';
import { cotizacion, cotizante, solicitud } from '#server/db/schema/cotizaciones';
import { direccion as direccionTable } from '#server/db/schema/direcciones';
import { orden } from '#server/db/schema/ordenes';
import { usuario } from '#server/db/schema/usuario';
import { seedDemo } from '#server/db/seed/demo';
import { DIRECCION_BODY } from '#server/test/bodies';
import { setupTestApp } from '#server/test/test-app';
import { createUser, type TestUser } from '#server/test/users';
import { copyDireccionToCotizante } from './direcciones.repository';

const ctx = setupTestApp();

const BASE = '/api/cotizaciones/direccion';
const direccion = (over: Record<string, unknown> = {}) => ({
  ...DIRECCION_BODY,
  cotizante_id: '',
  fecha_entrega: '',
  ...over,
});

/** A quotation whose delivery record is copied from a saved address, and an order placed on it. */
async function quoteAndOrderFrom(db: Db, usuarioId: number, direccionId: number) {
  return db.transaction(async (tx) => {
    const [s] = await tx.insert(solicitud).values({ usuario_id: usuarioId }).returning();
    const cotizanteId = await copyDireccionToCotizante(tx, usuarioId, direccionId, { solicitud_id: s!.id, fecha_entrega: '2030-01-15' });
    const [c] = await tx.insert(cotizacion).values({ solicitud_id: s!.id, cotizante_id: cotizanteId, usuario_id: usuarioId }).returning();
    const [entrega] = await tx.select().from(cotizante).where(eq(cotizante.id, cotizanteId!));
    const [o] = await tx
      .insert(orden)
      .values({
        cotizacion_id: c!.id,
        cotizante_id: cotizanteId,
        usuario_id: usuarioId,
        nombre_contacto: entrega!.nombre_contacto,
        correo_contacto: entrega!.correo_contacto,
        telefono_contacto: entrega!.telefono_contacto,
        direccion_envio: entrega!.direccion_envio,
        region_nombre: 'Región Metropolitana de Santiago',
        comuna_nombre: 'Providencia',
        fecha_entrega: entrega!.fecha_entrega,
        total: 100_000,
      })
      .returning();
    return { cotizanteId: cotizanteId!, ordenId: o!.id };
  });
}

const snapshot = async (db: Db, cotizanteId: number, ordenId: number) => ({
  cotizante: (await db.select().from(cotizante).where(eq(cotizante.id, cotizanteId)))[0],
  orden: (await db.select().from(orden).where(eq(orden.id, ordenId)))[0],
});

describe('a saved address is not a quotation’s delivery record (DESIGN §2)', () => {
  let ana: TestUser;
  beforeAll(async () => {
    ana = await createUser(ctx.t, 'comprador');
  });

  it('copies an address into a quotation; editing and deleting the address leave the cotizante and the order unchanged', async () => {
    const { db } = ctx.t.database;
    const guardada = (await ctx.t.request({ method: 'POST', url: `${BASE}/agregar/`, token: ana.access, payload: direccion() })).json();
    const { cotizanteId, ordenId } = await quoteAndOrderFrom(db, ana.id, guardada.id);
    const antes = await snapshot(db, cotizanteId, ordenId);
    expect(antes.cotizante).toMatchObject({
      nombre_contacto: 'Cocina Central',
      direccion_envio: 'Av. Providencia 1234, oficina 5',
      comuna_id: 13123,
      fecha_entrega: '2030-01-15',
    });
    expect(antes.orden).toMatchObject({ nombre_contacto: 'Cocina Central', direccion_envio: 'Av. Providencia 1234, oficina 5', comuna_nombre: 'Providencia' });

    const editada = await ctx.t.request({
      method: 'PUT',
      url: `${BASE}/${guardada.id}/editar/`,
      token: ana.access,
      payload: direccion({ id: guardada.id, nombre_contacto: 'Bodega Norte', direccion_envio: 'Calle Valparaíso 555, Viña', region: 5, comuna: 5109 }),
    });
    expect(editada.statusCode).toBe(200);
    expect(await snapshot(db, cotizanteId, ordenId)).toEqual(antes);

    expect((await ctx.t.request({ method: 'DELETE', url: `${BASE}/${guardada.id}/eliminar/`, token: ana.access })).statusCode).toBe(204);
    expect(await snapshot(db, cotizanteId, ordenId)).toEqual(antes);
  });

  it('lists only saved addresses, never a quotation’s delivery record of the same user', async () => {
    const { db } = ctx.t.database;
    const guardada = (
      await ctx.t.request({ method: 'POST', url: `${BASE}/agregar/`, token: ana.access, payload: direccion({ nombre_contacto: 'Casa Matriz' }) })
    ).json();
    await quoteAndOrderFrom(db, ana.id, guardada.id);
    await db
      .insert(cotizante)
      .values({ usuario_id: ana.id, nombre_contacto: 'Solo Cotizacion', correo_contacto: 'c@prueba.cl', telefono_contacto: '+56911111111' });
    const lista = (await ctx.t.request({ method: 'GET', url: `${BASE}/obtener/`, token: ana.access })).json();
    expect(lista.map((d: { id: number; cotizante_id: number; nombre_contacto: string }) => [d.id, d.cotizante_id, d.nombre_contacto])).toEqual([
      [guardada.id, guardada.id, 'Casa Matriz'],
    ]);
    const activa = (await ctx.t.request({ method: 'GET', url: `${BASE}/activa/`, token: ana.access })).json();
    expect(activa.id).toBe(guardada.id);
  });

  it('does not copy another user’s address', async () => {
    const bea = await createUser(ctx.t, 'comprador');
    const ajena = (await ctx.t.request({ method: 'POST', url: `${BASE}/agregar/`, token: bea.access, payload: direccion() })).json();
    expect(await copyDireccionToCotizante(ctx.t.database.db, ana.id, ajena.id, { solicitud_id: null, fecha_entrega: null })).toBeUndefined();
  });

  it('answers 401 to an anonymous write before looking at its body', async () => {
    for (const [method, url] of [
      ['POST', `${BASE}/agregar/`],
      ['PUT', `${BASE}/1/editar/`],
      ['PUT', `${BASE}/abc/editar/`],
    ] as const) {
      const res = await ctx.t.request({ method, url, payload: { nombre_contacto: 7 } });
      expect(res.statusCode, url).toBe(401);
    }
  });
});

describe('concurrent address writes of one user', () => {
  it('keep exactly one active address (no race into the one-active index, no 500)', async () => {
    const cam = await createUser(ctx.t, 'comprador');
    const adds = await Promise.all([1, 2, 3, 4].map(() => ctx.t.request({ method: 'POST', url: `${BASE}/agregar/`, token: cam.access, payload: direccion() })));
    expect(adds.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    const ids = adds.map((r) => r.json().id as number);
    const activations = await Promise.all(ids.map((id) => ctx.t.request({ method: 'POST', url: `${BASE}/${id}/activar/`, token: cam.access })));
    expect(activations.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const lista = (await ctx.t.request({ method: 'GET', url: `${BASE}/obtener/`, token: cam.access })).json();
    expect(lista).toHaveLength(4);
    expect(lista.filter((d: { activa: boolean }) => d.activa)).toHaveLength(1);
  });
});

describe('the active address', () => {
  it('is the one activated last, and /mi-cuenta shows it with its comuna', async () => {
    const cam = await createUser(ctx.t, 'comprador');
    const token = cam.access;
    const add = (over: Record<string, unknown>) => ctx.t.request({ method: 'POST', url: `${BASE}/agregar/`, token, payload: direccion(over) });
    const primera = await add({ direccion_envio: 'Av. Providencia 1234', comuna: 13123 });
    const segunda = await add({ direccion_envio: 'Huérfanos 1160', comuna: 13101 });
    expect([primera.statusCode, segunda.statusCode]).toEqual([201, 201]);
    expect((await ctx.t.request({ method: 'POST', url: `${BASE}/${segunda.json().id}/activar/`, token })).statusCode).toBe(200);

    const activa = (await ctx.t.request({ method: 'GET', url: `${BASE}/activa/`, token })).json();
    expect(activa).toMatchObject({ id: segunda.json().id, direccion_envio: 'Huérfanos 1160', comuna_nombre: 'Santiago', activa: true });
    const lista = (await ctx.t.request({ method: 'GET', url: `${BASE}/obtener/`, token })).json();
    expect(lista.filter((d: { activa: boolean }) => d.activa).map((d: { id: number }) => d.id)).toEqual([segunda.json().id]);
    const me = (await ctx.t.request({ method: 'GET', url: '/auth/users/me/', token })).json();
    expect(me.direccion_envio).toBe('Huérfanos 1160, Santiago');
  });
});

describe('the demo buyer', () => {
  it('gets its address back on the next start of a database seeded without one', async () => {
    const { db } = ctx.t.database;
    const [comprador] = await db.select({ id: usuario.id }).from(usuario).where(eq(usuario.email, 'comprador@abastece.cl'));
    await db.delete(direccionTable).where(eq(direccionTable.usuario_id, comprador!.id));
    expect(await seedDemo(db)).toBe(false);
    const token = await ctx.t.tokenFor('comprador@abastece.cl');
    const activa = (await ctx.t.request({ method: 'GET', url: `${BASE}/activa/`, token })).json();
    expect(activa).toMatchObject({ direccion_envio: 'Av. Providencia 1234', comuna_nombre: 'Providencia', activa: true });
    expect((await ctx.t.request({ method: 'GET', url: '/auth/users/me/', token })).json().direccion_envio).toBe('Av. Providencia 1234, Providencia');
  });
});
