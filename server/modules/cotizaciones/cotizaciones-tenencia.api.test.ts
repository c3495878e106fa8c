import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLAVE_COTIZACION_HEADER } from '#common/schemas/cotizaciones';
import { cotizante, solicitud } from '#server/db/schema/cotizaciones';
import { usuario } from '#server/db/schema/usuario';
import { ROLES } from '#server/test/roles';
import { setupTestApp } from '#server/test/test-app';
import { createUser, type TestUser } from '#server/test/users';

/** Who holds a request and its delivery record (docs/decisions/005), on all four endpoints. */
const ctx = setupTestApp({ roleTokens: true });
const API = '/api/cotizaciones';

let productos: number[];
let otroComprador: TestUser;
/** The five callers: anonymous, the demo buyer, another buyer, a supplier, a moderator. */
let llamantes: Record<'anonimo' | 'comprador' | 'otroComprador' | 'proveedor' | 'moderador', string | undefined>;

const filas = (i = 0) => ({ productos: [{ producto: productos[i]!, cantidad: 100 }] });
const entrega = (solicitudId: number, nombre = 'Cocina Central') => ({
  fecha_entrega: '2099-01-15',
  nombre_contacto: nombre,
  correo_contacto: 'cocina@prueba.cl',
  telefono_contacto: '+56912345678',
  direccion_envio: 'Av. Providencia 1234',
  region: 13,
  comuna: 13123,
  solicitud_id: solicitudId,
});
const conClave = (clave?: string): Record<string, string> => (clave ? { [CLAVE_COTIZACION_HEADER]: clave } : {});

const call = (method: 'POST' | 'PUT', url: string, payload: object, token?: string, clave?: string) =>
  ctx.t.request({ method, url: `${API}/${url}`, payload, token, headers: conClave(clave) });

/** A request and its delivery record made by `token` (anonymous when undefined). */
async function flujo(token?: string) {
  const s = await call('POST', 'crear-solicitud/', filas(), token);
  expect(s.statusCode, s.body).toBe(201);
  const c = await call('POST', 'crear-cotizante/', entrega(s.json().id), token, s.json().clave ?? undefined);
  expect(c.statusCode, c.body).toBe(201);
  return { solicitudId: s.json().id as number, cotizanteId: c.json().cotizante_id as number, clave: s.json().clave as string | null };
}

/** The four calls on a flow's records, each answering only its status. */
const cuatro = (f: { solicitudId: number; cotizanteId: number }, token: string | undefined, clave?: string) => ({
  editarSolicitud: () => call('PUT', `editar-solicitud/${f.solicitudId}/`, filas(1), token, clave),
  crearCotizante: () => call('POST', 'crear-cotizante/', entrega(f.solicitudId), token, clave),
  editarCotizante: () => call('PUT', `editar-cotizante/${f.cotizanteId}/`, entrega(f.solicitudId, 'Bodega Norte'), token, clave),
});

async function statuses(f: { solicitudId: number; cotizanteId: number }, token: string | undefined, clave?: string) {
  const c = cuatro(f, token, clave);
  return {
    editarSolicitud: (await c.editarSolicitud()).statusCode,
    crearCotizante: (await c.crearCotizante()).statusCode,
    editarCotizante: (await c.editarCotizante()).statusCode,
  };
}
const TODO_404 = { editarSolicitud: 404, crearCotizante: 404, editarCotizante: 404 };
const TODO_OK = { editarSolicitud: 200, crearCotizante: 201, editarCotizante: 200 };

const dueno = async (tabla: typeof solicitud | typeof cotizante, id: number) =>
  (await ctx.t.database.db.select({ u: tabla.usuario_id, h: tabla.clave_hash }).from(tabla).where(eq(tabla.id, id)))[0]!;

beforeAll(async () => {
  const catalogo = (await ctx.t.request({ method: 'GET', url: '/api/productos/consolidated-data/' })).json();
  productos = catalogo.productos.slice(0, 2).map((p: { id: number }) => p.id);
  otroComprador = await createUser(ctx.t, 'comprador');
  llamantes = {
    anonimo: undefined,
    comprador: ctx.tokens.comprador,
    otroComprador: otroComprador.access,
    proveedor: ctx.tokens.proveedor,
    moderador: ctx.tokens.moderador,
  };
});

describe('every role can quote, and its records are its own', () => {
  it.each(['anonimo', 'comprador', 'otroComprador', 'proveedor', 'moderador'] as const)(
    '%s creates and edits its own request and delivery record',
    async (rol) => {
      const token = llamantes[rol];
      const f = await flujo(token);
      expect(f.clave === null).toBe(token !== undefined);
      expect(await statuses(f, token, f.clave ?? undefined)).toEqual(TODO_OK);
      const email = rol === 'otroComprador' ? otroComprador.email : rol === 'anonimo' ? null : ROLES[rol];
      const [u] = email ? await ctx.t.database.db.select({ id: usuario.id }).from(usuario).where(eq(usuario.email, email)) : [undefined];
      expect((await dueno(solicitud, f.solicitudId)).u).toBe(u?.id ?? null);
      expect((await dueno(cotizante, f.cotizanteId)).u).toBe(u?.id ?? null);
    },
  );
});

describe("a buyer's records", () => {
  it.each(['anonimo', 'otroComprador', 'proveedor', 'moderador'] as const)('are a 404 to %s on every call, and stay unchanged', async (rol) => {
    const f = await flujo(llamantes.comprador);
    expect(await statuses(f, llamantes[rol])).toEqual(TODO_404);
    // A clave of another flow opens nothing that a user owns.
    const otra = await flujo();
    expect(await statuses(f, llamantes[rol], otra.clave!)).toEqual(TODO_404);
    const [c] = await ctx.t.database.db.select().from(cotizante).where(eq(cotizante.id, f.cotizanteId));
    expect(c!.nombre_contacto).toBe('Cocina Central');
  });

  it('cannot be pointed at by another user’s delivery record', async () => {
    const ajena = await flujo(llamantes.comprador);
    const propia = await flujo(llamantes.otroComprador);
    const res = await call('PUT', `editar-cotizante/${propia.cotizanteId}/`, entrega(ajena.solicitudId), llamantes.otroComprador);
    expect(res.statusCode).toBe(404);
  });
});

describe('an anonymous record is held by its clave', () => {
  it('a missing or wrong clave gets 404 on every call, the right one opens them', async () => {
    const f = await flujo();
    expect(await statuses(f, undefined)).toEqual(TODO_404);
    expect(await statuses(f, undefined, 'x'.repeat(43))).toEqual(TODO_404);
    expect(await statuses(f, undefined, `${f.clave!.slice(0, -1)}${f.clave!.endsWith('A') ? 'B' : 'A'}`)).toEqual(TODO_404);
    expect(await statuses(f, undefined, `${f.clave!}, ${f.clave!}`)).toEqual(TODO_404);
    expect(await statuses(f, undefined, f.clave!)).toEqual(TODO_OK);
  });

  it('the clave of one flow does not open another', async () => {
    const a = await flujo();
    const b = await flujo();
    expect(await statuses(a, undefined, b.clave!)).toEqual(TODO_404);
  });

  it('a logged-in user without the clave gets 404', async () => {
    const f = await flujo();
    for (const rol of ['comprador', 'otroComprador', 'proveedor', 'moderador'] as const) expect(await statuses(f, llamantes[rol]), rol).toEqual(TODO_404);
    expect((await dueno(solicitud, f.solicitudId)).u).toBeNull();
  });

  it('a logged-in user with the clave takes over the whole flow; the clave stops working', async () => {
    const f = await flujo();
    const res = await cuatro(f, otroComprador.access, f.clave!).editarSolicitud();
    expect(res.statusCode).toBe(200);
    expect(res.json().clave).toBeNull();
    expect(await dueno(solicitud, f.solicitudId)).toEqual({ u: otroComprador.id, h: null });
    expect(await dueno(cotizante, f.cotizanteId)).toEqual({ u: otroComprador.id, h: null });
    expect(await statuses(f, undefined, f.clave!)).toEqual(TODO_404);
    expect(await statuses(f, llamantes.comprador, f.clave!)).toEqual(TODO_404);
    expect(await statuses(f, otroComprador.access)).toEqual(TODO_OK);
  });

  it('creating a delivery record for it needs the clave too', async () => {
    const s = (await call('POST', 'crear-solicitud/', filas())).json();
    expect((await call('POST', 'crear-cotizante/', entrega(s.id))).statusCode).toBe(404);
    expect((await call('POST', 'crear-cotizante/', entrega(s.id), llamantes.comprador)).statusCode).toBe(404);
    const res = await call('POST', 'crear-cotizante/', entrega(s.id), undefined, s.clave);
    expect(res.statusCode).toBe(201);
    expect(res.json().clave).toBe(s.clave);
  });
});

describe('a token that is sent must be valid', () => {
  it.each(['crear-solicitud/', 'editar-solicitud/1/', 'crear-cotizante/', 'editar-cotizante/1/'])('401 on %s, before the body is read', async (ruta) => {
    const res = await ctx.t.request({
      method: ruta.startsWith('crear') ? 'POST' : 'PUT',
      url: `${API}/${ruta}`,
      token: 'no.es.token',
      payload: { productos: 7 },
    });
    expect(res.statusCode).toBe(401);
  });

  it('another scheme counts as anonymous', async () => {
    const res = await ctx.t.request({ method: 'POST', url: `${API}/crear-solicitud/`, headers: { authorization: 'Bearer x' }, payload: filas() });
    expect(res.statusCode).toBe(201);
    expect(res.json().clave).toEqual(expect.any(String));
  });
});
