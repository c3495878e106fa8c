import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { CONDICIONES_ABIERTAS, CONDICIONES_POR_DEFECTO, type CondicionesDespacho } from '#common/despacho';
import {
  ANTICIPACION_INVALIDA,
  COMUNA_DESCONOCIDA,
  COSTO_DEMASIADO_ALTO,
  COSTO_INVALIDO,
  DIA_INVALIDO,
  ELIGE_COMUNA,
  ELIGE_DIA,
  GRATIS_DESDE_INVALIDO,
  gratisBajoMinimo,
  HORA_CORTE_INVALIDA,
  MINIMO_INVALIDO,
} from '#common/schemas/condiciones';
import { condicionesProveedor, condicionesProveedorComuna, proveedorProducto } from '#server/db/schema/proveedor';
import { usuario } from '#server/db/schema/usuario';
import { DEMO_CONDICIONES, seedDemoCondiciones } from '#server/db/seed/demo-condiciones';
import { CATALOGO_CHANNEL } from '#server/modules/comparacion/cache/comparacion-cache';
import { ROLES, type RoleName } from '#server/test/roles';
import { setupTestApp } from '#server/test/test-app';
import { createUser, type TestUser } from '#server/test/users';
import { findCondicionesDefinidas } from './condiciones.repository';

const ctx = setupTestApp({ roleTokens: true });
const URL = '/api/proveedor/condiciones/';
const TOTAL_COMUNAS = 346;

const get = (token: string | undefined) => ctx.t.request({ method: 'GET', url: URL, token });
const put = (token: string | undefined, payload: unknown) => ctx.t.request({ method: 'PUT', url: URL, token, payload: payload as Record<string, unknown> });

/** Martes y jueves in four comunas of Santiago and one of Valparaíso, with a minimum and a fee. */
const CONDICIONES = {
  comunas: [13123, 13101, 13114, 13110, 5109],
  dias_despacho: [4, 2],
  anticipacion_dias: 2,
  hora_corte: '14:30',
  monto_minimo: 50_000,
  costo_despacho: 8_990,
  despacho_gratis_desde: 150_000,
};
const GUARDADAS: CondicionesDespacho = { ...CONDICIONES, comunas: [5109, 13101, 13110, 13114, 13123], dias_despacho: [2, 4] };

const idDe = async (email: string) => (await ctx.t.database.db.select({ id: usuario.id }).from(usuario).where(eq(usuario.email, email)))[0]!.id;

// First: later tests change the demo suppliers' terms.
describe('the demo seed', () => {
  it('gives every demo supplier terms: varied ones, and the demo supplier account open ones (any day, everywhere, no minimum)', async () => {
    const ids = await Promise.all(Object.keys(DEMO_CONDICIONES).map(idDe));
    const mapa = await findCondicionesDefinidas(ctx.t.database.db, ids);
    expect(mapa.size).toBe(9);
    const terminos = [...mapa.values()];
    expect(terminos.filter((c) => c.comunas.length === TOTAL_COMUNAS)).toHaveLength(3);
    expect(new Set(terminos.map((c) => c.comunas.length)).size).toBeGreaterThan(4);
    expect(terminos.filter((c) => c.monto_minimo > 0).every((c) => c.monto_minimo >= 30_000 && c.monto_minimo <= 80_000)).toBe(true);
    expect(terminos.filter((c) => c.costo_despacho > 0).every((c) => c.costo_despacho >= 4_990 && c.costo_despacho <= 9_990)).toBe(true);
    const { comunas, ...resto } = (await get(await ctx.t.tokenFor(ROLES.proveedor))).json();
    expect(resto).toEqual({ guardadas: true, ...CONDICIONES_ABIERTAS });
    expect(comunas).toHaveLength(TOTAL_COMUNAS);
  });

  it('gives a demo supplier without terms its own on the next start, and keeps the terms saved by the others', async () => {
    const { db } = ctx.t.database;
    const maule = await idDe(ROLES.proveedor);
    const andes = await idDe(ROLES.otroProveedor);
    const antes = (await findCondicionesDefinidas(db, [andes])).get(andes);
    await db.delete(condicionesProveedor).where(eq(condicionesProveedor.proveedor_id, maule));
    await seedDemoCondiciones(db);
    const despues = await findCondicionesDefinidas(db, [maule, andes]);
    expect(despues.get(maule)).toMatchObject({ dias_despacho: [1, 2, 3, 4, 5, 6, 7], hora_corte: '23:59', monto_minimo: 0 });
    expect(despues.get(andes)).toEqual(antes);
  });
});

describe('who may read and write terms', () => {
  it('answers 401 anonymous, 403 to buyers and moderators, and each supplier its own', async () => {
    const esperado: Record<RoleName, number> = { anonimo: 401, comprador: 403, proveedor: 200, otroProveedor: 200, moderador: 403 };
    for (const role of Object.keys(ROLES) as RoleName[]) {
      const token = ctx.tokens[role];
      expect((await get(token)).statusCode, role).toBe(esperado[role]);
      // A refused caller is refused before its body is read: the same status with a malformed one.
      expect((await put(token, role === 'proveedor' || role === 'otroProveedor' ? CONDICIONES : { comunas: 'x' })).statusCode, role).toBe(esperado[role]);
    }
    expect((await get(ctx.tokens.anonimo)).json()).toEqual({ detail: 'Las credenciales de autenticación no se proveyeron.' });
    expect((await get(ctx.tokens.comprador)).json()).toEqual({ detail: 'No tienes permiso para realizar esta acción.' });
  });

  it('keeps one supplier’s terms apart from another’s', async () => {
    const a = await createUser(ctx.t, 'proveedor');
    const b = await createUser(ctx.t, 'proveedor');
    expect((await put(a.access, CONDICIONES)).statusCode).toBe(200);
    expect((await put(b.access, { ...CONDICIONES, comunas: [13101], monto_minimo: 0 })).statusCode).toBe(200);
    expect((await get(a.access)).json()).toEqual({ guardadas: true, ...GUARDADAS });
    expect((await get(b.access)).json()).toMatchObject({ comunas: [13101], monto_minimo: 0 });
  });
});

describe('a supplier’s terms', () => {
  let ana: TestUser;
  beforeAll(async () => {
    ana = await createUser(ctx.t, 'proveedor', undefined, { listo: false });
  });

  it('are the defaults, every comuna, until the supplier sets them; nothing is stored for it', async () => {
    const res = await get(ana.access);
    expect(res.statusCode).toBe(200);
    const { comunas, ...resto } = res.json();
    expect(resto).toEqual({ guardadas: false, ...CONDICIONES_POR_DEFECTO });
    expect(comunas).toHaveLength(TOTAL_COMUNAS);
    expect(await ctx.t.database.db.select().from(condicionesProveedor).where(eq(condicionesProveedor.proveedor_id, ana.id))).toEqual([]);
  });

  it('are saved whole and read back, sorted and without repeats', async () => {
    const res = await put(ana.access, { ...CONDICIONES, comunas: [...CONDICIONES.comunas, 13101], dias_despacho: [4, 2, 4] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ guardadas: true, ...GUARDADAS });
    expect((await get(ana.access)).json()).toEqual({ guardadas: true, ...GUARDADAS });
  });

  it('take money as a person in Chile types it, and an empty free-from as never free', async () => {
    const res = await put(ana.access, { ...CONDICIONES, monto_minimo: '30.000', costo_despacho: '$ 4.990', despacho_gratis_desde: '', anticipacion_dias: '0' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ monto_minimo: 30_000, costo_despacho: 4_990, despacho_gratis_desde: null, anticipacion_dias: 0 });
  });

  it('store every comuna as all of them, and a later choice of some replaces it', async () => {
    const todas = (await get((await createUser(ctx.t, 'proveedor')).access)).json().comunas as number[];
    expect((await put(ana.access, { ...CONDICIONES, comunas: todas })).json().comunas).toEqual(todas);
    const { db } = ctx.t.database;
    const [fila] = await db.select().from(condicionesProveedor).where(eq(condicionesProveedor.proveedor_id, ana.id));
    expect(fila!.todas_las_comunas).toBe(true);
    expect(await db.select().from(condicionesProveedorComuna).where(eq(condicionesProveedorComuna.proveedor_id, ana.id))).toEqual([]);
    expect((await put(ana.access, CONDICIONES)).json().comunas).toEqual(GUARDADAS.comunas);
    expect(await db.select().from(condicionesProveedorComuna).where(eq(condicionesProveedorComuna.proveedor_id, ana.id))).toHaveLength(5);
  });

  it.each([
    [{ comunas: [] }, { comunas: [ELIGE_COMUNA] }],
    [{ comunas: null }, { comunas: [ELIGE_COMUNA] }],
    [{ comunas: [13101, 99999] }, { comunas: [COMUNA_DESCONOCIDA] }],
    [{ comunas: [13101, 'Providencia'] }, { comunas: [COMUNA_DESCONOCIDA] }],
    [{ dias_despacho: [] }, { dias_despacho: [ELIGE_DIA] }],
    [{ dias_despacho: [0, 8] }, { dias_despacho: [DIA_INVALIDO] }],
    [{ dias_despacho: 'lunes' }, { dias_despacho: [ELIGE_DIA] }],
    [{ anticipacion_dias: 15 }, { anticipacion_dias: [ANTICIPACION_INVALIDA] }],
    [{ anticipacion_dias: -1 }, { anticipacion_dias: [ANTICIPACION_INVALIDA] }],
    [{ anticipacion_dias: 1.5 }, { anticipacion_dias: [ANTICIPACION_INVALIDA] }],
    [{ anticipacion_dias: '' }, { anticipacion_dias: [ANTICIPACION_INVALIDA] }],
    [{ hora_corte: '24:00' }, { hora_corte: [HORA_CORTE_INVALIDA] }],
    [{ hora_corte: '9:00' }, { hora_corte: [HORA_CORTE_INVALIDA] }],
    [{ hora_corte: 1800 }, { hora_corte: [HORA_CORTE_INVALIDA] }],
    [{ monto_minimo: -1 }, { monto_minimo: [MINIMO_INVALIDO] }],
    [{ monto_minimo: '4.990,5' }, { monto_minimo: [MINIMO_INVALIDO] }],
    [{ monto_minimo: '' }, { monto_minimo: [MINIMO_INVALIDO] }],
    [{ monto_minimo: 3_000_000_000 }, { monto_minimo: [MINIMO_INVALIDO] }],
    [{ costo_despacho: 'gratis' }, { costo_despacho: [COSTO_INVALIDO] }],
    // Found from outside: a fee of 2,147,483,647 was saved, and overflowed the total of every order.
    [{ costo_despacho: 2_147_483_647 }, { costo_despacho: [COSTO_DEMASIADO_ALTO] }],
    [{ costo_despacho: '10.000.001' }, { costo_despacho: [COSTO_DEMASIADO_ALTO] }],
    [{ despacho_gratis_desde: -5 }, { despacho_gratis_desde: [GRATIS_DESDE_INVALIDO] }],
    // Free from the minimum or under it, with a fee: the fee would never apply.
    [{ despacho_gratis_desde: 30_000 }, { despacho_gratis_desde: [gratisBajoMinimo(70_000)] }],
    [{ despacho_gratis_desde: 0 }, { despacho_gratis_desde: [gratisBajoMinimo(70_000)] }],
    [{ despacho_gratis_desde: 70_000 }, { despacho_gratis_desde: [gratisBajoMinimo(70_000)] }],
  ])('refuses %j with its field’s message and changes nothing', async (over, errores) => {
    const antes = (await get(ana.access)).json();
    const res = await put(ana.access, { ...CONDICIONES, monto_minimo: 70_000, ...over });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errores);
    expect((await get(ana.access)).json()).toEqual(antes);
  });

  it('answers 400, never 500, to a body that is not an object', async () => {
    for (const payload of ['texto', '[1,2]', 'null', '{"comunas":', '{}']) {
      const res = await ctx.t.request({ method: 'PUT', url: URL, token: ana.access, payload, headers: { 'content-type': 'application/json' } });
      expect(res.statusCode, payload).toBe(400);
    }
  });

  it('survives concurrent saves of one supplier: one of them wins whole', async () => {
    const bodies = [
      { ...CONDICIONES, comunas: [13101, 13123] },
      { ...CONDICIONES, comunas: [5109] },
      { ...CONDICIONES, comunas: [13110, 13114, 13101] },
    ];
    const res = await Promise.all(bodies.map((b) => put(ana.access, b)));
    expect(res.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const { comunas } = (await get(ana.access)).json();
    expect(bodies.map((b) => [...b.comunas].sort((x, y) => x - y))).toContainEqual(comunas);
  });
});

describe('findCondicionesDefinidas', () => {
  it('answers only the suppliers that saved their terms', async () => {
    const con = await createUser(ctx.t, 'proveedor');
    const sin = await createUser(ctx.t, 'proveedor', undefined, { listo: false });
    await put(con.access, CONDICIONES);
    const definidas = await findCondicionesDefinidas(ctx.t.database.db, [con.id, sin.id, con.id]);
    expect([...definidas.keys()]).toEqual([con.id]);
    expect(definidas.get(con.id)).toEqual(GUARDADAS);
  });
});

describe('a change of terms reaches the comparison cache', () => {
  it('notifies channel catalogo with every product of the supplier’s offers, and syncs before answering', async () => {
    const { db } = ctx.t.database;
    const proveedorId = await idDe(ROLES.proveedor);
    const productos = (
      await db.selectDistinct({ id: proveedorProducto.producto_id }).from(proveedorProducto).where(eq(proveedorProducto.proveedor_id, proveedorId))
    )
      .map((r) => String(r.id))
      .sort();
    expect(productos.length).toBeGreaterThan(0);
    const oidos: string[] = [];
    const unlisten = await ctx.t.database.listen(CATALOGO_CHANNEL, { notify: (n) => oidos.push(n), listening: () => {} });
    const sync = vi.spyOn(ctx.t.app.comparacion, 'sync');
    try {
      expect((await put(ctx.tokens.proveedor, CONDICIONES)).statusCode).toBe(200);
      expect(sync).toHaveBeenCalledTimes(1);
      await db.execute(sql`select pg_notify(${CATALOGO_CHANNEL}, 'fin')`);
      await vi.waitFor(() => expect(oidos).toContain('fin'), { timeout: 5_000 });
      expect([...new Set(oidos.filter((n) => /^\d+$/.test(n)))].sort()).toEqual(productos);
    } finally {
      sync.mockRestore();
      await unlisten();
    }
  });
});
