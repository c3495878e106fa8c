import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PEDIDOS_POR_PAGINA } from '#common/schemas/pedidos';
import { producto } from '#server/db/schema/catalogo';
import { cotizacion } from '#server/db/schema/cotizaciones';
import { orden } from '#server/db/schema/ordenes';
import { actualizar, createFlujo, createProductoConOfertas, crearOrden, type Flujo } from '#server/test/cotizacion';
import { LEJOS } from '#server/test/pedidos';
import type { RoleName } from '#server/test/roles';
import { setupTestApp } from '#server/test/test-app';
import { createUser, type TestUser } from '#server/test/users';
import { COTIZACION_NO_ENCONTRADA } from './historial.service';

/** The account's quotation history on the server: the same on every device, owner only. */
const ctx = setupTestApp({ roleTokens: true });
const db = () => ctx.t.database.db;
let productos: Array<{ productoId: number; ofertas: number[] }>;

beforeAll(async () => {
  productos = [];
  for (let i = 0; i < 3; i++) productos.push(await createProductoConOfertas(ctx.t, [{ tarifa: 1000 + i, lotes: [[10_000, LEJOS]] }]));
});

const historial = (token: string | undefined, page?: unknown) =>
  ctx.t.request({ method: 'GET', url: `/api/cotizaciones/historial/${page === undefined ? '' : `?page=${page}`}`, token });
const eliminar = (token: string | undefined, id: number | string) => ctx.t.request({ method: 'DELETE', url: `/api/cotizaciones/historial/${id}/`, token });
const idsDe = (res: { json: () => { results: Array<{ cotizacion_id: number }> } }) => res.json().results.map((c) => c.cotizacion_id);
const nuevoComprador = () => createUser(ctx.t, 'comprador');

describe('GET /api/cotizaciones/historial/', () => {
  it('anonymous: 401, for reading and deleting', async () => {
    expect((await historial(undefined)).statusCode).toBe(401);
    expect((await eliminar(undefined, 1)).statusCode).toBe(401);
  });

  it('every logged-in role reads its own quotations, never another account’s', async () => {
    const propias = new Map<RoleName, number>();
    for (const role of ['comprador', 'proveedor', 'otroProveedor', 'moderador'] as const) {
      propias.set(role, (await createFlujo(ctx.t, [[productos[0]!.productoId, 100]], ctx.tokens[role])).cotizacionId);
    }
    for (const [role, id] of propias) {
      const res = await historial(ctx.tokens[role]);
      expect(res.statusCode, role).toBe(200);
      expect(idsDe(res), role).toContain(id);
      for (const [otro, ajena] of propias) if (otro !== role) expect(idsDe(res), `${role} ve la de ${otro}`).not.toContain(ajena);
    }
  });

  it('answers the request’s lines as the browser history shows them, newest first, with the order bought from it', async () => {
    const ana = await nuevoComprador();
    const [a, b] = productos;
    const primera = await createFlujo(ctx.t, [[a!.productoId, 100]], ana.access);
    const segunda = await createFlujo(
      ctx.t,
      [
        [b!.productoId, 250],
        [a!.productoId, 120],
      ],
      ana.access,
    );
    const elegida = await actualizar(ctx.t, primera, [[a!.ofertas[0]!, 100]], ana.access);
    expect(elegida.statusCode, elegida.body).toBe(200);
    const comprada = await crearOrden(ctx.t, primera, ana.access);
    expect(comprada.statusCode, comprada.body).toBe(201);

    const res = await historial(ana.access);
    expect(res.statusCode).toBe(200);
    const [p] = await db().select().from(producto).where(eq(producto.id, b!.productoId));
    expect(res.json()).toEqual({
      count: 2,
      results: [
        {
          cotizacion_id: segunda.cotizacionId,
          fecha: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
          productos: [
            {
              producto: b!.productoId,
              categoria: expect.any(String),
              origen: expect.any(String),
              marca: expect.any(String),
              producto_nombre: p!.nombre,
              unidad: 'KILO',
              cantidad: 250,
              disponible: true,
            },
            expect.objectContaining({ producto: a!.productoId, cantidad: 120, disponible: true }),
          ],
          orden_id: null,
        },
        expect.objectContaining({ cotizacion_id: primera.cotizacionId, orden_id: comprada.json().orden_id }),
      ],
    });
  });

  it('a product that left the catalogue is disponible: false', async () => {
    const ana = await nuevoComprador();
    const retirado = await createProductoConOfertas(ctx.t, [{ tarifa: 900, lotes: [[1000, LEJOS]] }]);
    await createFlujo(
      ctx.t,
      [
        [retirado.productoId, 100],
        [productos[0]!.productoId, 100],
      ],
      ana.access,
    );
    await db().update(producto).set({ archivado_en: new Date() }).where(eq(producto.id, retirado.productoId));
    const [c] = (await historial(ana.access)).json().results;
    expect(c.productos.map((l: { producto: number; disponible: boolean }) => [l.producto, l.disponible])).toEqual([
      [retirado.productoId, false],
      [productos[0]!.productoId, true],
    ]);
  });

  it('an anonymous quotation is no account’s', async () => {
    const ana = await nuevoComprador();
    const anonima = await createFlujo(ctx.t, [[productos[0]!.productoId, 100]]);
    expect(idsDe(await historial(ana.access))).not.toContain(anonima.cotizacionId);
    expect((await eliminar(ana.access, anonima.cotizacionId)).statusCode).toBe(404);
  });

  it(`pages of ${PEDIDOS_POR_PAGINA} as /ordenes, and a bad page is a 400 in Spanish`, async () => {
    const ana = await nuevoComprador();
    const f = await createFlujo(ctx.t, [[productos[0]!.productoId, 100]], ana.access);
    // The other quotations of the same request, as re-comparing it makes them.
    await db()
      .insert(cotizacion)
      .values(Array.from({ length: PEDIDOS_POR_PAGINA }, () => ({ solicitud_id: f.solicitudId, usuario_id: ana.id })));
    const uno = await historial(ana.access, 1);
    const dos = await historial(ana.access, 2);
    expect(uno.json().count).toBe(PEDIDOS_POR_PAGINA + 1);
    expect(uno.json().results).toHaveLength(PEDIDOS_POR_PAGINA);
    expect(dos.json().results).toHaveLength(1);
    expect(idsDe(dos)).toEqual([f.cotizacionId]);
    const todos = [...idsDe(uno), ...idsDe(dos)];
    expect(todos).toEqual([...todos].sort((x, y) => y - x));
    expect((await historial(ana.access, 3)).json()).toEqual({ count: PEDIDOS_POR_PAGINA + 1, results: [] });
    for (const malo of ['0', '-1', 'x', '1.5', '99999999999']) {
      const res = await historial(ana.access, malo);
      expect(res.statusCode, malo).toBe(400);
      expect(res.json(), malo).toEqual({ page: ['Página inválida.'] });
    }
  });
});

describe('DELETE /api/cotizaciones/historial/{id}/', () => {
  let ana: TestUser;
  let f: Flujo;
  beforeAll(async () => {
    ana = await nuevoComprador();
    f = await createFlujo(ctx.t, [[productos[1]!.productoId, 100]], ana.access);
    const elegida = await actualizar(ctx.t, f, [[productos[1]!.ofertas[0]!, 100]], ana.access);
    expect(elegida.statusCode, elegida.body).toBe(200);
    expect((await crearOrden(ctx.t, f, ana.access)).statusCode).toBe(201);
  });

  it('another account, whatever its role, gets 404 and hides nothing', async () => {
    const otro = await nuevoComprador();
    for (const token of [otro.access, ctx.tokens.comprador, ctx.tokens.proveedor, ctx.tokens.otroProveedor, ctx.tokens.moderador]) {
      const res = await eliminar(token, f.cotizacionId);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: COTIZACION_NO_ENCONTRADA });
    }
    expect(idsDe(await historial(ana.access))).toContain(f.cotizacionId);
  });

  it('a malformed id is a 400; one that does not exist, a 404', async () => {
    expect((await eliminar(ana.access, 'abc')).statusCode).toBe(400);
    expect((await eliminar(ana.access, 2_147_483_000)).statusCode).toBe(404);
  });

  it('its owner hides it from the history on every session; the quotation and its order stay', async () => {
    // Two logins of one account: two devices.
    const otroEquipo = await ctx.t.tokenFor(ana.email, ana.password);
    expect(idsDe(await historial(otroEquipo))).toEqual(idsDe(await historial(ana.access)));
    const res = await eliminar(ana.access, f.cotizacionId);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(idsDe(await historial(otroEquipo))).not.toContain(f.cotizacionId);
    expect((await historial(ana.access)).json().count).toBe(0);
    const [guardada] = await db().select().from(cotizacion).where(eq(cotizacion.id, f.cotizacionId));
    expect(guardada!.oculta_en).toBeInstanceOf(Date);
    expect(await db().select({ id: orden.id }).from(orden).where(eq(orden.cotizacion_id, f.cotizacionId))).toHaveLength(1);
    // Twice is a 404, as one that is not in the history.
    expect((await eliminar(otroEquipo, f.cotizacionId)).statusCode).toBe(404);
  });
});

describe('two sessions of one account', () => {
  it('a quotation made on one device is in the history of the other', async () => {
    const ana = await nuevoComprador();
    const otroEquipo = await ctx.t.tokenFor(ana.email, ana.password);
    const f = await createFlujo(ctx.t, [[productos[2]!.productoId, 300]], otroEquipo);
    const res = await historial(ana.access);
    expect(idsDe(res)).toEqual([f.cotizacionId]);
    expect(res.json().results[0].productos).toMatchObject([{ producto: productos[2]!.productoId, cantidad: 300 }]);
  });
});
