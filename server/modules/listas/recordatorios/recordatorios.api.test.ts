import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatClp } from '#common/format';
import { COTIZACION_DE_LISTA_NO_ENCONTRADA, SIN_DIRECCION_PRINCIPAL } from '#common/schemas/listas';
import { buildApp } from '#server/app';
import { parseConfig } from '#server/config';
import { lista as listaTabla, recordatorioEnvio } from '#server/db/schema/listas';
import { lote } from '#server/db/schema/proveedor';
import { DIRECCION_BODY } from '#server/test/bodies';
import { createFlujo, createProductoConOfertas, crearOrden } from '#server/test/cotizacion';
import { createListaDePrueba } from '#server/test/listas';
import { createOfertaDePrueba, createProductoDePrueba } from '#server/test/ofertas';
import { correosPara, LEJOS } from '#server/test/pedidos';
import type { RoleName } from '#server/test/roles';
import { setupTestApp } from '#server/test/test-app';
import { createUser, type TestUser } from '#server/test/users';
import { claimOcurrencia, insertOcurrencias, markOcurrenciaHecha } from './recordatorio-envio.repository';
import { GRACIA_MS } from './ocurrencia';
import { MAX_INTENTOS, PLAZO_MS } from './recordatorios';

/**
 * The lists' weekly reminders, with a pinned clock, on two apps sharing one database (two processes
 * of one deployment): each occurrence is quoted and e-mailed once, at its minute, Chile time.
 */
const ctx = setupTestApp({ roleTokens: true });
const config = parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '.tmp/test-data', RATE_LIMIT_PER_MINUTE: '100000' });
const db = () => ctx.t.database.db;

// Far from the real clock: the test app's own reminders, on it, never find these due.
let reloj = new Date('2030-01-01T00:00:00Z');
const a_las = (iso: string | Date, ms = 0) => {
  reloj = new Date(new Date(iso).getTime() + ms);
};
const PUESTO = new Date('2030-01-01T00:00:00Z');
/** Monday 2030-01-07, 08:00 in Chile (summer time, UTC−3). */
const LUNES_8 = '2030-01-07T11:00:00Z';
const lunes8 = { dia: 1, hora: '08:00' };

let a: FastifyInstance;
let b: FastifyInstance;
let p1: number;

beforeAll(async () => {
  const crear = async () => {
    const app = await buildApp({ config, database: ctx.t.database, jwtSecret: 'secreto-de-pruebas-con-mas-de-32-caracteres', now: () => reloj });
    await app.ready();
    return app;
  };
  [a, b] = await Promise.all([crear(), crear()]);
  ({ productoId: p1 } = await createProductoConOfertas(ctx.t, [{ tarifa: 5000, lotes: [[100_000, LEJOS]] }]));
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
});

async function compradorConLista({ recordatorio = lunes8, actualizadoEn = PUESTO, direccion = true, productos = [[p1, 100]] as Array<[number, number]> } = {}) {
  const u = await createUser(ctx.t, 'comprador');
  if (direccion) {
    const res = await ctx.t.request({ method: 'POST', url: '/api/cotizaciones/direccion/agregar/', token: u.access, payload: DIRECCION_BODY });
    expect(res.statusCode, res.body).toBe(201);
  }
  const lista = await createListaDePrueba(db(), u.id, productos, { nombre: 'Semana', recordatorio, actualizadoEn });
  return { u, lista };
}
const correosDe = async (u: TestUser) => (await correosPara(ctx.t, u.email)).filter((c) => c.asunto.startsWith('Tu lista'));
const envios = (listaId: number) => db().select().from(recordatorioEnvio).where(eq(recordatorioEnvio.lista_id, listaId));

describe('a reminder fires at its minute, Chile time', () => {
  it('not a second before; at the minute, one e-mail; ticking again sends no other', async () => {
    const { u, lista } = await compradorConLista();
    a_las(LUNES_8, -1000);
    await a.recordatorios.tick();
    expect(await correosDe(u)).toHaveLength(0);
    a_las(LUNES_8);
    await a.recordatorios.tick();
    a_las(LUNES_8, 60_000);
    await a.recordatorios.tick();
    await b.recordatorios.tick();
    expect(await correosDe(u)).toHaveLength(1);
    const [envio] = await envios(lista.id);
    expect(envio).toMatchObject({ ocurrencia: new Date(LUNES_8), intentos: 1, ultimo_error: null, hecho_en: new Date(LUNES_8) });
  });

  it('in the week summer time ends, Monday 08:00 is 12:00 UTC, not 11:00', async () => {
    // Summer time ends on Sunday 2030-04-07 (00:00 → 23:00 of Saturday).
    const { u } = await compradorConLista({ actualizadoEn: new Date('2030-04-06T00:00:00Z') });
    a_las('2030-04-08T11:00:00Z');
    await a.recordatorios.tick();
    expect(await correosDe(u)).toHaveLength(0);
    a_las('2030-04-08T12:00:00Z');
    await a.recordatorios.tick();
    expect(await correosDe(u)).toHaveLength(1);
  });

  it('is not sent more than six hours late (a server down for a day), nor when set after its minute', async () => {
    const tarde = await compradorConLista();
    a_las(LUNES_8, GRACIA_MS + 1000);
    await a.recordatorios.tick();
    expect(await correosDe(tarde.u)).toHaveLength(0);
    expect(await envios(tarde.lista.id)).toHaveLength(0);

    // Set on Monday at 09:00 for Monday 08:00: next Monday.
    const despues = await compradorConLista({ actualizadoEn: new Date('2030-01-07T12:00:00Z') });
    a_las('2030-01-07T12:00:30Z');
    await a.recordatorios.tick();
    expect(await correosDe(despues.u)).toHaveLength(0);
    a_las('2030-01-14T11:00:00Z');
    await a.recordatorios.tick();
    expect(await correosDe(despues.u)).toHaveLength(1);
  });

  it('counts from when its day or hour was set: editing the list’s products or name keeps that, changing the hour moves it', async () => {
    const { u, lista } = await compradorConLista();
    const desde = async () => (await db().select({ d: listaTabla.recordatorio_desde }).from(listaTabla).where(eq(listaTabla.id, lista.id)))[0]!.d;
    const put = async (body: object) => {
      const res = await ctx.t.request({ method: 'PUT', url: `/api/listas/${lista.id}/`, token: u.access, payload: body });
      expect(res.statusCode, res.body).toBe(200);
    };
    await put({ nombre: 'Semana larga', productos: [{ producto: p1, cantidad: 150 }], recordatorio: lunes8 });
    expect(await desde()).toEqual(PUESTO);
    await put({ nombre: 'Semana larga', productos: [{ producto: p1, cantidad: 150 }], recordatorio: { dia: 1, hora: '09:00' } });
    expect(await desde()).not.toEqual(PUESTO);
  });

  it('an occurrence left pending (no process ticked for hours) is given up past the grace', async () => {
    const { u, lista } = await compradorConLista();
    await insertOcurrencias(db(), [{ lista_id: lista.id, ocurrencia: new Date(LUNES_8) }]);
    a_las(LUNES_8, GRACIA_MS + 1000);
    await a.recordatorios.tick();
    expect(await correosDe(u)).toHaveLength(0);
    expect((await envios(lista.id))[0]).toMatchObject({ intentos: 0, hecho_en: null });
  });
});

describe('exactly once across processes', () => {
  it('two apps on one database ticking at once send one e-mail per list', async () => {
    const compradores = await Promise.all([1, 2, 3, 4].map(() => compradorConLista()));
    a_las(LUNES_8, 5000);
    await Promise.all([a.recordatorios.tick(), b.recordatorios.tick(), a.recordatorios.tick(), b.recordatorios.tick()]);
    for (const { u, lista } of compradores) {
      expect(await correosDe(u)).toHaveLength(1);
      const filas = await envios(lista.id);
      expect(filas).toHaveLength(1);
      expect(filas[0]!.hecho_en).not.toBeNull();
    }
  });

  it('a process that dies mid-way: the occurrence waits out its lease, then another sends it once', async () => {
    const { u, lista } = await compradorConLista();
    a_las(LUNES_8);
    await insertOcurrencias(db(), [{ lista_id: lista.id, ocurrencia: new Date(LUNES_8) }]);
    // The process that claimed it dies before finishing.
    const muerto = await claimOcurrencia(db(), {
      ahora: reloj,
      desde: new Date(reloj.getTime() - GRACIA_MS),
      hasta: new Date(reloj.getTime() + PLAZO_MS),
      maxIntentos: MAX_INTENTOS,
    });
    expect(muerto?.lista_id).toBe(lista.id);
    a_las(LUNES_8, 60_000);
    await Promise.all([a.recordatorios.tick(), b.recordatorios.tick()]);
    expect(await correosDe(u)).toHaveLength(0);
    a_las(LUNES_8, PLAZO_MS + 1000);
    await Promise.all([a.recordatorios.tick(), b.recordatorios.tick()]);
    expect(await correosDe(u)).toHaveLength(1);
    // Had it come back and finished, its lease is no longer the row's: nothing is marked or sent again.
    expect(await markOcurrenciaHecha(db(), muerto!, { cotizacion_id: 1, total: 1, respuesta: '{}', hecho_en: reloj })).toBe(false);
    expect((await envios(lista.id))[0]).toMatchObject({ intentos: 2 });
  });

  it('a quotation that fails is tried again after its lease, three times, keeping why, and the buyer hears why once', async () => {
    const { u, lista } = await compradorConLista({ direccion: false });
    for (let i = 0; i < MAX_INTENTOS + 1; i++) {
      a_las(LUNES_8, i * (PLAZO_MS + 1000));
      await a.recordatorios.tick();
      // Within the lease, another tick leaves it alone.
      a_las(LUNES_8, i * (PLAZO_MS + 1000) + 30_000);
      await b.recordatorios.tick();
    }
    const [envio] = await envios(lista.id);
    expect(envio!.intentos).toBe(MAX_INTENTOS);
    expect(envio!.hecho_en).toBeNull();
    expect(envio!.ultimo_error).toBe(SIN_DIRECCION_PRINCIPAL);
    expect(await correosDe(u)).toHaveLength(0);
    const avisos = (await correosPara(ctx.t, u.email)).filter((c) => c.asunto.includes('lista'));
    expect(avisos.map((c) => c.asunto)).toEqual(['No pudimos cotizar tu lista «Semana»']);
    expect(avisos[0]!.texto).toContain(`no pudo preparar la cotización de tu lista «Semana»: ${SIN_DIRECCION_PRINCIPAL}`);
    expect(avisos[0]!.texto).toContain(`${config.publicUrl}/listas`);
  });

  it('a deleted list’s occurrences go with it', async () => {
    const { lista } = await compradorConLista();
    a_las(LUNES_8);
    await a.recordatorios.tick();
    expect(await envios(lista.id)).toHaveLength(1);
    await db().delete(listaTabla).where(eq(listaTabla.id, lista.id));
    expect(await envios(lista.id)).toHaveLength(0);
  });
});

describe('the e-mail', () => {
  it('says the delivered total first, links to the quotation and says nothing is bought without the buyer', async () => {
    const { u, lista } = await compradorConLista();
    a_las(LUNES_8);
    await a.recordatorios.tick();
    const [envio] = await envios(lista.id);
    const [correo] = await correosDe(u);
    // No purchase before: no comparison with last time.
    const titulo = `Tu lista «Semana» está cotizada: ${formatClp(envio!.total!)}`;
    expect(correo!.asunto).toBe(titulo);
    expect(correo!.texto.split('\n')[0]).toBe(titulo);
    expect(envio!.total).toBe(JSON.parse(envio!.respuesta!).total);
    expect(envio!.total).toBe(500_000);
    const url = `${config.publicUrl}/listas/${lista.id}/cotizaciones/${envio!.cotizacion_id}`;
    expect(correo!.texto).toContain(url);
    expect(correo!.html).toContain(url);
    expect(correo!.texto).toContain('no compramos nada sin ti');
    expect(correo!.texto).toContain('Hola Ana:');
  });

  it('after the account bought the list’s products and their supplier lowered a price, the subject says how much less than last time', async () => {
    // A product and a supplier of this test's own: the other tests' list keeps its price.
    const proveedor = await createUser(ctx.t, 'proveedor');
    const p = await createProductoDePrueba(db());
    const oferta = await createOfertaDePrueba(db(), {
      productoId: p.id,
      categoriaId: p.categoria_id,
      proveedorId: proveedor.id,
      tarifa: 5000,
      lotes: [[100_000, LEJOS]],
    });
    await ctx.t.settle();
    const { u, lista } = await compradorConLista({ productos: [[p.id, 100]] });
    const compra = await createFlujo(ctx.t, [[p.id, 100]], u.access);
    const orden = await crearOrden(ctx.t, compra, u.access);
    expect(orden.statusCode, orden.body).toBe(201);

    // The supplier lowers its price on its screen (the endpoint answers once every process has it, docs/decisions/010).
    const [l] = await db().select({ id: lote.id, cantidad: lote.cantidad }).from(lote).where(eq(lote.proveedor_producto_id, oferta));
    const rebaja = await ctx.t.request({
      method: 'PATCH',
      url: `/api/productos/proveedoresproductos/${oferta}/`,
      token: proveedor.access,
      payload: { tarifa: 4895, fecha_expiracion: LEJOS, cantidad: l!.cantidad, cantidad_anterior: l!.cantidad, stock_id: l!.id },
    });
    expect(rebaja.statusCode, rebaja.body).toBe(200);

    a_las(LUNES_8);
    await a.recordatorios.tick();
    const [envio] = await envios(lista.id);
    const [correo] = await correosDe(u);
    // 100 kg at $4.895 against the $5.000 paid: $489.500 against $500.000, 2,1 % less.
    expect(JSON.parse(envio!.respuesta!).resultados[0].ultimo_precio).toMatchObject({ precio: 5000 });
    const titulo = `Tu lista «Semana» está cotizada: ${formatClp(envio!.total!)} (\u22122,1\u00a0% que la última vez)`;
    expect(correo!.asunto).toBe(titulo);
    expect(correo!.texto.split('\n')[0]).toBe(titulo);
  });
});

describe('GET /api/listas/{id}/cotizaciones/{cotizacion_id}/: what the link opens', () => {
  let u: TestUser;
  let listaId: number;
  let envio: typeof recordatorioEnvio.$inferSelect;
  beforeAll(async () => {
    ({
      u,
      lista: { id: listaId },
    } = await compradorConLista());
    a_las(LUNES_8);
    await a.recordatorios.tick();
    [envio] = (await envios(listaId)) as [typeof envio];
  });
  const url = () => `/api/listas/${listaId}/cotizaciones/${envio.cotizacion_id}/`;

  it.each<[RoleName, number]>([
    ['anonimo', 401],
    ['proveedor', 403],
    ['otroProveedor', 403],
    ['moderador', 403],
    ['comprador', 404],
  ])('%s gets %i', async (role, status) => {
    expect((await ctx.t.request({ method: 'GET', url: url(), token: ctx.tokens[role] })).statusCode).toBe(status);
  });

  it('its owner gets the stored answer, the request and the delivery record; another quotation is a 404', async () => {
    const res = await ctx.t.request({ method: 'GET', url: url(), token: u.access });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.cotizacion).toEqual(JSON.parse(envio.respuesta!));
    expect(body.orden_id).toBeNull();
    expect(body.solicitud).toMatchObject({ clave: null, detalles: [{ producto_id: p1, cantidad: 100 }] });
    expect(body.cotizante).toMatchObject({ ...DIRECCION_BODY, clave: null, fecha_entrega: body.cotizacion.fecha_entrega });
    const otra = await ctx.t.request({ method: 'GET', url: `/api/listas/${listaId}/cotizaciones/${envio.cotizacion_id! + 100_000}/`, token: u.access });
    expect(otra.statusCode).toBe(404);
    expect(otra.json()).toEqual({ detail: COTIZACION_DE_LISTA_NO_ENCONTRADA });
  });

  it('once ordered, says which order', async () => {
    const cotizante = (await ctx.t.request({ method: 'GET', url: url(), token: u.access })).json().cotizante.cotizante_id;
    const orden = await crearOrden(ctx.t, { cotizacionId: envio.cotizacion_id!, cotizanteId: cotizante, solicitudId: 0, clave: null }, u.access);
    expect(orden.statusCode, orden.body).toBe(201);
    const res = await ctx.t.request({ method: 'GET', url: url(), token: u.access });
    expect(res.json().orden_id).toBe(orden.json().orden_id);
    expect(
      await db()
        .select()
        .from(recordatorioEnvio)
        .where(and(eq(recordatorioEnvio.lista_id, listaId))),
    ).toHaveLength(1);
  });
});
