import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ACCION_INVALIDA, MOTIVO_LARGO, type Moderacion, type ProductoPendiente } from '#common/schemas/moderacion';
import type { ConsolidatedData } from '#common/schemas/catalogo';
import type { ProveedorProducto } from '#common/schemas/proveedor-productos';
import { producto } from '#server/db/schema/catalogo';
import { usuario } from '#server/db/schema/usuario';
import { setupTestApp } from '#server/test/test-app';
import { findOfertasVivas } from '#server/modules/comparacion/comparacion.repository';

const ctx = setupTestApp({ roleTokens: true });
const PENDIENTES = '/api/productos/productos-pendientes/';
const MODERAR = '/api/productos/moderar-producto/';

const moderar = (payload: Record<string, unknown>, token = ctx.tokens.moderador) => ctx.t.request({ method: 'POST', url: MODERAR, payload, token });
const pendientes = async (): Promise<ProductoPendiente[]> => (await ctx.t.request({ method: 'GET', url: PENDIENTES, token: ctx.tokens.moderador })).json();
const catalogo = async (): Promise<ConsolidatedData> => (await ctx.t.request({ method: 'GET', url: '/api/productos/consolidated-data/' })).json();
const delProveedor = async (id: number): Promise<ProveedorProducto | undefined> =>
  ((await ctx.t.request({ method: 'GET', url: '/api/productos/proveedoresproductos/', token: ctx.tokens.proveedor })).json() as ProveedorProducto[]).find(
    (o) => o.producto_nombre === nombreDe.get(id),
  );
const ofertasComparables = async (id: number) => findOfertasVivas(ctx.t.database.db, [id], '2000-01-01');
const nombreDe = new Map<number, string>();
const idDe = async (nombre: string) => {
  const p = (await pendientes()).find((x) => x.nombre === nombre)!;
  nombreDe.set(p.id, p.nombre);
  return p.id;
};

describe('GET productos-pendientes/ and POST moderar-producto/: moderators only (docs/producto.md §6)', () => {
  it('answers 401 anonymous and 403 to buyers and suppliers, writing nothing', async () => {
    const id = await idDe('Longaniza de Chillán');
    for (const [token, status] of [
      ['', 401],
      [ctx.tokens.comprador, 403],
      [ctx.tokens.proveedor, 403],
      [ctx.tokens.otroProveedor, 403],
    ] as const) {
      expect((await ctx.t.request({ method: 'GET', url: PENDIENTES, token })).statusCode).toBe(status);
      expect((await moderar({ producto_id: id, accion: 'aprobar' }, token)).statusCode).toBe(status);
    }
    expect((await pendientes()).some((p) => p.id === id)).toBe(true);
  });

  it("lists the seed's pending products with their category and proposer", async () => {
    expect(await pendientes()).toEqual(
      expect.arrayContaining([
        { id: expect.any(Number), nombre: 'Cordero magallánico pierna', categoria_nombre: 'CARNE BOVINA', proveedor_email: 'proveedor@abastece.cl' },
        { id: expect.any(Number), nombre: 'Queso de cabra fresco', categoria_nombre: 'LACTEO', proveedor_email: 'proveedor@abastece.cl' },
        { id: expect.any(Number), nombre: 'Longaniza de Chillán', categoria_nombre: 'CERDO', proveedor_email: 'proveedor@abastece.cl' },
      ]),
    );
  });
});

describe('a decision (docs/producto.md §4 Moderation, docs/decisions/009)', () => {
  it('approving shows the product in the catalogue (cache invalidated) and its offers in comparisons; twice is the same', async () => {
    const id = await idDe('Cordero magallánico pierna');
    // The catalogue is cached: read it first so a stale copy would show.
    expect((await catalogo()).productos.some((p) => p.id === id)).toBe(false);
    expect(await ofertasComparables(id)).toEqual([]);
    expect((await delProveedor(id))!.estado_moderacion).toBe('pendiente');

    const res = await moderar({ producto_id: id, accion: 'aprobar', motivo: 'ignorado al aprobar' });
    expect(res.statusCode, res.body).toBe(200);
    const aprobado: Moderacion = res.json();
    expect(aprobado).toEqual({ producto_id: id, estado_moderacion: 'aprobado', motivo_rechazo: null, moderado_en: expect.any(String) });
    expect((await catalogo()).productos.some((p) => p.id === id)).toBe(true);
    expect((await ofertasComparables(id)).length).toBeGreaterThan(0);
    expect((await delProveedor(id))!.estado_moderacion).toBe('aprobado');
    expect((await pendientes()).some((p) => p.id === id)).toBe(false);

    const [moderador] = await ctx.t.database.db.select({ id: usuario.id }).from(usuario).where(eq(usuario.email, 'moderador@abastece.cl'));
    expect((await ctx.t.database.db.select().from(producto).where(eq(producto.id, id)))[0]!.moderado_por).toBe(moderador!.id);

    // The same decision again: same answer, nothing rewritten (the first date stays).
    const otra = await moderar({ producto_id: id, accion: 'aprobar' });
    expect(otra.statusCode).toBe(200);
    expect(otra.json()).toEqual(aprobado);
  });

  it('rejecting keeps it hidden and gives the supplier the reason; a decided product takes no other decision (409)', async () => {
    const id = await idDe('Queso de cabra fresco');
    const motivo = 'Falta la marca y la foto del envase.';
    const res = await moderar({ producto_id: id, accion: 'rechazar', motivo: `  ${motivo} ` });
    expect(res.json()).toMatchObject({ producto_id: id, estado_moderacion: 'rechazado', motivo_rechazo: motivo });
    expect((await catalogo()).productos.some((p) => p.id === id)).toBe(false);
    expect(await ofertasComparables(id)).toEqual([]);
    expect(await delProveedor(id)).toMatchObject({ estado_moderacion: 'rechazado', motivo_rechazo: motivo });
    expect((await pendientes()).some((p) => p.id === id)).toBe(false);
    expect((await moderar({ producto_id: id, accion: 'rechazar', motivo })).json()).toEqual(res.json());

    // Only a pending product is decided; another decision (or another reason) is refused and changes nothing.
    for (const otra of [{ accion: 'rechazar', motivo: '' }, { accion: 'aprobar' }]) {
      const r = await moderar({ producto_id: id, ...otra });
      expect(r.statusCode).toBe(409);
      expect(r.json()).toEqual({ detail: 'El producto ya fue rechazado.' });
    }
    expect(await delProveedor(id)).toMatchObject({ estado_moderacion: 'rechazado', motivo_rechazo: motivo });
  });

  it('an approved product (a seed one, never pending) cannot be rejected: it stays in the catalogue', async () => {
    const { productos } = await catalogo();
    const aprobado = productos[0]!.id;
    const r = await moderar({ producto_id: aprobado, accion: 'rechazar', motivo: 'Error' });
    expect(r.statusCode).toBe(409);
    expect(r.json()).toEqual({ detail: 'El producto ya fue aprobado.' });
    expect((await catalogo()).productos.some((p) => p.id === aprobado)).toBe(true);
    // Approving it again is the decision it has: harmless.
    expect((await moderar({ producto_id: aprobado, accion: 'aprobar' })).statusCode).toBe(200);
  });

  it.each([
    [{ accion: 'borrar' }, { accion: [ACCION_INVALIDA] }],
    [{ motivo: 'x'.repeat(501) }, { motivo: [MOTIVO_LARGO] }],
    [{ producto_id: 'uno' }, { producto_id: ['Producto inválido.'] }],
  ])('refuses %j with a Spanish message, writing nothing', async (cambio, cuerpo) => {
    const id = await idDe('Longaniza de Chillán');
    const res = await moderar({ producto_id: id, accion: 'rechazar', ...cambio });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(cuerpo);
    expect((await pendientes()).some((p) => p.id === id)).toBe(true);
  });

  it('answers 404 for a product that does not exist', async () => {
    const res = await moderar({ producto_id: 2_000_000_000, accion: 'aprobar' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Producto no encontrado.' });
  });
});
