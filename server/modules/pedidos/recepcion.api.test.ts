import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conIva } from '#common/iva';
import {
  CREDITO_EXCESIVO,
  HORAS_PARA_RECEPCION,
  PROBLEMA_OBLIGATORIO,
  RECEPCION_AUN_NO,
  RECEPCION_FUERA_DE_PLAZO,
  RECEPCION_YA_REGISTRADA,
  SIN_RECLAMO_ABIERTO,
  SOLO_COMPRADOR_RECIBE,
  SOLO_PROVEEDOR_RESPONDE,
} from '#common/schemas/pedidos';
import { buildApp } from '#server/app';
import { parseConfig } from '#server/config';
import { ordenLinea, pedido, pedidoEvento } from '#server/db/schema/ordenes';
import { correosPara, createOrden, LEJOS, setupPedidosTestApp } from '#server/test/pedidos';
import { ROLES, type RoleName } from '#server/test/roles';
import { findCorreosProveedores } from './pedidos.repository';

/** A buyer records what arrived of its pedido; a difference opens a claim its supplier answers (docs/producto.md §18). */
const { ctx, ids, otroComprador } = setupPedidosTestApp();
const db = () => ctx.t.database.db;

type Quien = RoleName | 'otroComprador';
const tokenDe = (quien: Quien) => (quien === 'otroComprador' ? otroComprador.access : ctx.tokens[quien]);
const post = (url: string, quien: Quien, payload: unknown) => ctx.t.request({ method: 'POST', url, token: tokenDe(quien), payload: payload as object });
const mover = (id: number, estado: string, quien: Quien = 'proveedor', motivo?: string) => post(`/api/pedidos/${id}/estado/`, quien, { estado, motivo });
const recibir = (id: number, quien: Quien, lineas: unknown[]) => post(`/api/pedidos/${id}/recepcion/`, quien, { lineas });
const responder = (id: number, quien: Quien, body: unknown) => post(`/api/pedidos/${id}/reclamo/`, quien, body);

/** The app with a pinned clock for the 48-hour window, on the same database (tokens are signed with the same secret). */
let reloj = new Date();
let conReloj: FastifyInstance;
beforeAll(async () => {
  const config = parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '.tmp/test-data', RATE_LIMIT_PER_MINUTE: '100000' });
  conReloj = await buildApp({ config, database: ctx.t.database, jwtSecret: 'secreto-de-pruebas-con-mas-de-32-caracteres', now: () => reloj });
  await conReloj.ready();
});
afterAll(() => conReloj?.close());
const recibirA = (en: Date, id: number, lineas: unknown[]) => {
  reloj = en;
  return conReloj.inject({
    method: 'POST',
    url: `/api/pedidos/${id}/recepcion/`,
    headers: { authorization: `JWT ${ctx.tokens.comprador}` },
    payload: { lineas },
  });
};

/**
 * A pedido of the demo buyer to the demo supplier, moved to `hasta`: 101 kg at $1.999 and 100,5 kg at
 * $3.333 (odd amounts whose differences round), with its line ids.
 */
async function pedidoEn(hasta: 'pendiente' | 'confirmado' | 'despachado' | 'entregado') {
  const o = await createOrden(
    ctx.t,
    [
      { proveedorId: ids.proveedor, tarifa: 1999, lotes: [[500, LEJOS]], cantidad: 101 },
      { proveedorId: ids.proveedor, tarifa: 3333, lotes: [[500, LEJOS]], cantidad: 100.5 },
    ],
    ctx.tokens.comprador,
    { razon_social: 'Restaurante El Parrón SpA' },
  );
  const id = o.pedidos[0]!.id;
  const estados = ['confirmado', 'despachado', 'entregado'];
  for (const estado of estados.slice(0, estados.indexOf(hasta) + 1)) expect((await mover(id, estado)).statusCode).toBe(200);
  const lineas = await db().select({ id: ordenLinea.id }).from(ordenLinea).where(eq(ordenLinea.pedido_id, id)).orderBy(asc(ordenLinea.id));
  return { o, id, lineas: lineas.map((l) => l.id) as [number, number] };
}

const pedidoFila = async (id: number) => (await db().select().from(pedido).where(eq(pedido.id, id)))[0]!;
const lineasDe = (id: number) =>
  db()
    .select({ cantidad_recibida: ordenLinea.cantidad_recibida, problema: ordenLinea.problema, comentario: ordenLinea.comentario })
    .from(ordenLinea)
    .where(eq(ordenLinea.pedido_id, id))
    .orderBy(asc(ordenLinea.id));
const eventosDe = (id: number) =>
  db()
    .select({ estado: pedidoEvento.estado, tipo: pedidoEvento.tipo, motivo: pedidoEvento.motivo })
    .from(pedidoEvento)
    .where(eq(pedidoEvento.pedido_id, id))
    .orderBy(asc(pedidoEvento.id));
const correoProveedor = async () => (await findCorreosProveedores(db(), [ids.proveedor])).get(ids.proveedor)!;
/** Everything a refused request must leave as it was. */
const foto = async (id: number) => ({ pedido: await pedidoFila(id), lineas: await lineasDe(id), eventos: await eventosDe(id) });

/** 5 kg of the 101 damaged (5 × $1.999 = $9.995) and 0,25 of the 100,5 kg missing (0,25 × $3.333 = $833,25 → $833). */
const conDiferencias = (lineas: [number, number]) => [
  { id: lineas[0], cantidad_recibida: 96, problema: 'dañado', comentario: 'Cajas aplastadas' },
  { id: lineas[1], cantidad_recibida: 100.25, problema: 'faltante' },
];
const MONTO = 9995 + 833;

describe('POST /api/pedidos/{id}/recepcion/: who and when', () => {
  it('only its buyer: anonymous 401, its supplier 403, another buyer, another supplier and a moderator 404; nothing changes', async () => {
    const { id, lineas } = await pedidoEn('entregado');
    const antes = await foto(id);
    const cuerpo = conDiferencias(lineas);
    expect((await recibir(id, 'anonimo', cuerpo)).statusCode).toBe(401);
    for (const quien of ['otroComprador', 'otroProveedor', 'moderador'] as const) expect((await recibir(id, quien, cuerpo)).statusCode, quien).toBe(404);
    expect(await recibir(id, 'proveedor', cuerpo)).toMatchObject({ statusCode: 403, body: JSON.stringify({ detail: SOLO_COMPRADOR_RECIBE }) });
    expect((await recibir(999_999_999, 'comprador', cuerpo)).statusCode).toBe(404);
    expect(await foto(id)).toEqual(antes);
  });

  it('not before it is dispatched (pendiente, confirmado), nor on a rejected or annulled pedido: 409 saying why', async () => {
    const pendiente = await pedidoEn('pendiente');
    expect(await recibir(pendiente.id, 'comprador', [])).toMatchObject({ statusCode: 409, body: JSON.stringify({ detail: RECEPCION_AUN_NO }) });
    const confirmado = await pedidoEn('confirmado');
    expect(await recibir(confirmado.id, 'comprador', [])).toMatchObject({ statusCode: 409, body: JSON.stringify({ detail: RECEPCION_AUN_NO }) });
    expect((await mover(confirmado.id, 'rechazado', 'proveedor', 'Sin camión')).statusCode).toBe(200);
    expect(await recibir(confirmado.id, 'comprador', [])).toMatchObject({ statusCode: 409, body: JSON.stringify({ detail: 'El pedido ya fue rechazado.' }) });
    expect((await mover(pendiente.id, 'anulado', 'comprador')).statusCode).toBe(200);
    expect(await recibir(pendiente.id, 'comprador', [])).toMatchObject({ statusCode: 409, body: JSON.stringify({ detail: 'El pedido ya fue anulado.' }) });
    expect((await pedidoFila(confirmado.id)).recibido_en).toBeNull();
  });

  it('on despachado: the receipt delivers it (by its buyer), whole when no line is named, no claim and no e-mail; once', async () => {
    const { o, id } = await pedidoEn('despachado');
    const correos = (await correosPara(ctx.t, await correoProveedor())).length;
    const res = await recibir(id, 'comprador', []);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      // Its order's number and its place in it.
      numero: `${o.orden_id}-1`,
      parcial: false,
      estado: 'entregado',
      recibido_en: expect.any(String),
      reclamo: null,
      lineas: [
        { cantidad_recibida: 101, problema: null, comentario: null },
        { cantidad_recibida: 100.5, problema: null, comentario: null },
      ],
    });
    expect((await eventosDe(id)).slice(-3)).toEqual([
      { estado: 'despachado', tipo: 'estado', motivo: null },
      { estado: 'entregado', tipo: 'estado', motivo: 'Recepción registrada por quien compró.' },
      { estado: 'entregado', tipo: 'recepcion', motivo: 'Recibido completo' },
    ]);
    expect(await correosPara(ctx.t, await correoProveedor())).toHaveLength(correos);
    const antes = await foto(id);
    expect(await recibir(id, 'comprador', [])).toMatchObject({ statusCode: 409, body: JSON.stringify({ detail: RECEPCION_YA_REGISTRADA }) });
    expect(await foto(id)).toEqual(antes);
  });

  it(`on entregado, within ${HORAS_PARA_RECEPCION} hours of its delivery (pinned clock): 47 h later it is recorded, 49 h later 409`, async () => {
    const tarde = await pedidoEn('entregado');
    const aTiempo = await pedidoEn('entregado');
    const entregadoEn = async (id: number) => {
      const [e] = await db()
        .select({ en: pedidoEvento.creado_en })
        .from(pedidoEvento)
        .where(eq(pedidoEvento.pedido_id, id))
        .orderBy(asc(pedidoEvento.id))
        .then((filas) => filas.slice(-1));
      return e!.en.getTime();
    };
    // The pedido says until when: its screens show the button until then.
    const detalle = await ctx.t.request({ method: 'GET', url: `/api/pedidos/${aTiempo.id}/`, token: ctx.tokens.comprador });
    expect(detalle.json().recepcion_hasta).toBe(new Date((await entregadoEn(aTiempo.id)) + HORAS_PARA_RECEPCION * 3_600_000).toISOString());
    const antes = await foto(tarde.id);
    const vencido = await recibirA(new Date((await entregadoEn(tarde.id)) + 49 * 3_600_000), tarde.id, []);
    expect(vencido).toMatchObject({ statusCode: 409, body: JSON.stringify({ detail: RECEPCION_FUERA_DE_PLAZO }) });
    expect(await foto(tarde.id)).toEqual(antes);
    const en = new Date((await entregadoEn(aTiempo.id)) + 47 * 3_600_000);
    const res = await recibirA(en, aTiempo.id, []);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().recibido_en).toBe(en.toISOString());
  });
});

describe('POST /api/pedidos/{id}/recepcion/: every line checked, nothing written on an error', () => {
  it('a line of another pedido, a repeated line, more than confirmed, 3 decimals, less without a problem: 400 under that line', async () => {
    const { id, lineas } = await pedidoEn('entregado');
    const otro = await pedidoEn('entregado');
    const antes = await foto(id);
    const casos: Array<[unknown[], Record<string, string[]>]> = [
      [[{ id: otro.lineas[0], cantidad_recibida: 1, problema: 'otro' }], { 'lineas.0.id': ['La línea no es de este pedido.'] }],
      [
        [
          { id: lineas[0], cantidad_recibida: 101 },
          { id: lineas[0], cantidad_recibida: 101 },
        ],
        { 'lineas.1.id': ['La línea está repetida.'] },
      ],
      [[{ id: lineas[1], cantidad_recibida: 100.51 }], { 'lineas.0.cantidad_recibida': ['La cantidad recibida no puede superar la confirmada (100,5 kg).'] }],
      [
        [{ id: lineas[0], cantidad_recibida: 79.555, problema: 'dañado' }],
        { 'lineas.0.cantidad_recibida': ['La cantidad recibida puede tener como máximo 2 decimales.'] },
      ],
      [
        [
          { id: lineas[0], cantidad_recibida: 101 },
          { id: lineas[1], cantidad_recibida: 100, comentario: 'Faltó' },
        ],
        { 'lineas.1.problema': [PROBLEMA_OBLIGATORIO] },
      ],
    ];
    for (const [cuerpo, errores] of casos) {
      const res = await recibir(id, 'comprador', cuerpo);
      expect(res.statusCode, JSON.stringify(cuerpo)).toBe(400);
      expect(res.json(), JSON.stringify(cuerpo)).toEqual(errores);
    }
    // The body's own rules (common/schemas/pedidos.ts), with a Spanish message under `lineas`.
    for (const linea of [
      { id: lineas[0], cantidad_recibida: -1, problema: 'dañado' },
      { id: lineas[0], cantidad_recibida: 'mucho' },
      { id: lineas[0], cantidad_recibida: 70, problema: 'roto' },
      { id: lineas[0], cantidad_recibida: 70, problema: 'otro', comentario: 'a\nb' },
      { id: lineas[0], cantidad_recibida: 70, problema: 'otro', comentario: 'x'.repeat(501) },
      { id: 'uno', cantidad_recibida: 70 },
    ]) {
      const res = await recibir(id, 'comprador', [linea]);
      expect(res.statusCode, JSON.stringify(linea)).toBe(400);
      expect(res.json().lineas?.[0], JSON.stringify(linea)).toMatch(/\p{L}/u);
    }
    expect((await recibir(id, 'comprador', 'todo' as unknown as unknown[])).statusCode).toBe(400);
    expect(await foto(id)).toEqual(antes);
  });

  it('a line confirmed short is checked against what was confirmed, not what was ordered', async () => {
    const { id, lineas } = await pedidoEn('entregado');
    await db()
      .update(ordenLinea)
      .set({ cantidad_confirmada: 70, subtotal: 70 * 1999 })
      .where(eq(ordenLinea.id, lineas[0]));
    const res = await recibir(id, 'comprador', [{ id: lineas[0], cantidad_recibida: 75, problema: 'otro' }]);
    expect(res.json()).toEqual({ 'lineas.0.cantidad_recibida': ['La cantidad recibida no puede superar la confirmada (70 kg).'] });
    const ok = await recibir(id, 'comprador', [{ id: lineas[0], cantidad_recibida: 69, problema: 'vencido' }]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().reclamo).toMatchObject({ estado: 'abierto', monto: 1999 });
    // A line confirmed short makes the pedido read 'Confirmado parcial'.
    expect(ok.json().parcial).toBe(true);
  });
});

describe('a receipt with a difference opens a claim', () => {
  it('for Σ (confirmed − received) × price, net and rounded per line; the history and both e-mails say so', async () => {
    const { o, id, lineas } = await pedidoEn('entregado');
    const res = await recibir(id, 'comprador', conDiferencias(lineas));
    expect(res.statusCode, res.body).toBe(200);
    const total = 101 * 1999 + Math.round(100.5 * 3333);
    expect(res.json()).toMatchObject({
      estado: 'entregado',
      reclamo: { estado: 'abierto', monto: MONTO, monto_credito: null, motivo: null, resuelto_en: null },
      lineas: [
        { cantidad_recibida: 96, problema: 'dañado', comentario: 'Cajas aplastadas' },
        { cantidad_recibida: 100.25, problema: 'faltante', comentario: null },
      ],
      // An open claim changes nothing yet: the final amounts are the pedido's until its supplier accepts a credit.
      total,
      ...conIva(total),
    });
    expect((await eventosDe(id)).at(-1)).toEqual({ estado: 'entregado', tipo: 'recepcion', motivo: 'Reclamo por $10.828' });

    const [aviso] = await correosPara(ctx.t, await correoProveedor());
    expect(aviso!.asunto).toBe(`Reclamo por el pedido N° ${id}: $10.828`);
    for (const texto of [
      'confirmado 101 kg, recibido 96 kg · Dañado · "Cajas aplastadas" · $9.995',
      'recibido 100,25 kg · Faltante · $833',
      'Monto del reclamo (neto): $10.828',
    ])
      expect(aviso!.texto).toContain(texto);
    expect(aviso!.texto).toContain(`/pedidos-recibidos/${id}`);
    expect(aviso!.html).toContain('Cajas aplastadas');
    const [copia] = await correosPara(ctx.t, ROLES.comprador);
    expect(copia!.asunto).toBe(`Tu reclamo por el pedido N° ${id}: $10.828`);
    expect(copia!.texto).toContain('Monto del reclamo (neto): $10.828');
    expect(copia!.texto).toContain(`/ordenes/${o.orden_id}`);
  });
});

describe('POST /api/pedidos/{id}/reclamo/', () => {
  const conReclamo = async () => {
    const p = await pedidoEn('entregado');
    expect((await recibir(p.id, 'comprador', conDiferencias(p.lineas))).statusCode).toBe(200);
    return p;
  };

  it('only its supplier: anonymous 401, its buyer 403, another buyer, another supplier and a moderator 404; nothing changes', async () => {
    const { id } = await conReclamo();
    const antes = await foto(id);
    const cuerpo = { accion: 'aceptar', monto_credito: 100 };
    expect((await responder(id, 'anonimo', cuerpo)).statusCode).toBe(401);
    for (const quien of ['otroComprador', 'otroProveedor', 'moderador'] as const) expect((await responder(id, quien, cuerpo)).statusCode, quien).toBe(404);
    expect(await responder(id, 'comprador', cuerpo)).toMatchObject({ statusCode: 403, body: JSON.stringify({ detail: SOLO_PROVEEDOR_RESPONDE }) });
    expect(await foto(id)).toEqual(antes);
  });

  it('only an open claim: a pedido received whole has none (409)', async () => {
    const { id } = await pedidoEn('entregado');
    expect(await responder(id, 'proveedor', { accion: 'rechazar', motivo: 'No' })).toMatchObject({
      statusCode: 409,
      body: JSON.stringify({ detail: SIN_RECLAMO_ABIERTO }),
    });
    expect((await recibir(id, 'comprador', [])).statusCode).toBe(200);
    expect(await responder(id, 'proveedor', { accion: 'aceptar', monto_credito: 0 })).toMatchObject({ statusCode: 409 });
  });

  it('a credit above the claim, or a bad body, is 400 and changes nothing', async () => {
    const { id } = await conReclamo();
    const antes = await foto(id);
    expect(await responder(id, 'proveedor', { accion: 'aceptar', monto_credito: MONTO + 1 })).toMatchObject({
      statusCode: 400,
      body: JSON.stringify({ monto_credito: [CREDITO_EXCESIVO] }),
    });
    for (const cuerpo of [
      { accion: 'aceptar' },
      { accion: 'aceptar', monto_credito: -1 },
      { accion: 'aceptar', monto_credito: 10.5 },
      { accion: 'rechazar' },
      { accion: 'rechazar', motivo: '  ' },
      { accion: 'rechazar', motivo: 'a\nb' },
      { accion: 'devolver' },
      {},
    ]) {
      const res = await responder(id, 'proveedor', cuerpo);
      expect(res.statusCode, JSON.stringify(cuerpo)).toBe(400);
      expect(Object.values(res.json())[0], JSON.stringify(cuerpo)).toEqual([expect.stringMatching(/\p{L}/u)]);
    }
    expect(await foto(id)).toEqual(antes);
  });

  it('accepted with a credit up to the amount: the final neto is less the credit, IVA once on it; history and both e-mails; once', async () => {
    const { o, id } = await conReclamo();
    const credito = 9995;
    const res = await responder(id, 'proveedor', { accion: 'aceptar', monto_credito: credito });
    expect(res.statusCode, res.body).toBe(200);
    const total = 101 * 1999 + Math.round(100.5 * 3333);
    const montos = conIva(total - credito);
    expect(res.json()).toMatchObject({
      reclamo: { estado: 'aceptado', monto: MONTO, monto_credito: credito, resuelto_en: expect.any(String) },
      total,
      ...montos,
    });
    expect((await eventosDe(id)).at(-1)).toEqual({ estado: 'entregado', tipo: 'reclamo_aceptado', motivo: 'Crédito de $9.995' });
    // The buyer's order reads the same final amounts.
    const orden = await ctx.t.request({ method: 'GET', url: `/api/ordenes/${o.orden_id}/`, token: ctx.tokens.comprador });
    expect(orden.json().pedidos[0]).toMatchObject({ reclamo: { estado: 'aceptado' }, ...montos });

    const fmt = (n: number) => `$${n.toLocaleString('es-CL')}`;
    const [alComprador] = await correosPara(ctx.t, ROLES.comprador);
    expect(alComprador!.asunto).toBe(`${o.pedidos[0]!.proveedor} aceptó tu reclamo del pedido N° ${id}`);
    for (const texto of [
      'con un crédito de $9.995 (neto)',
      'Crédito por reclamo: −$9.995',
      `Neto: ${fmt(montos.neto)}`,
      `IVA (19 %): ${fmt(montos.iva)}`,
      `Total: ${fmt(montos.total_con_iva)}`,
    ])
      expect(alComprador!.texto).toContain(texto);
    const [copia] = await correosPara(ctx.t, await correoProveedor());
    expect(copia!.asunto).toBe(`Aceptaste el reclamo del pedido N° ${id}`);
    expect(copia!.texto).toContain(`Total: ${fmt(montos.total_con_iva)}`);

    expect(await responder(id, 'proveedor', { accion: 'rechazar', motivo: 'Otra vez' })).toMatchObject({
      statusCode: 409,
      body: JSON.stringify({ detail: SIN_RECLAMO_ABIERTO }),
    });
  });

  it('the whole amount may be credited', async () => {
    const { id } = await conReclamo();
    const res = await responder(id, 'proveedor', { accion: 'aceptar', monto_credito: MONTO });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().neto).toBe(res.json().total - MONTO);
  });

  it('rejected with a reason: the amounts stay, history and both e-mails carry the reason', async () => {
    const { o, id } = await conReclamo();
    const res = await responder(id, 'proveedor', { accion: 'rechazar', motivo: 'Llegó en buen estado según la guía firmada' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      reclamo: { estado: 'rechazado', monto_credito: null, motivo: 'Llegó en buen estado según la guía firmada' },
      neto: res.json().total,
    });
    expect((await eventosDe(id)).at(-1)).toEqual({ estado: 'entregado', tipo: 'reclamo_rechazado', motivo: 'Llegó en buen estado según la guía firmada' });
    const [alComprador] = await correosPara(ctx.t, ROLES.comprador);
    expect(alComprador!.asunto).toBe(`${o.pedidos[0]!.proveedor} rechazó tu reclamo del pedido N° ${id}`);
    expect(alComprador!.texto).toContain('Motivo: Llegó en buen estado según la guía firmada');
    expect(alComprador!.texto).not.toContain('Crédito por reclamo');
    const [copia] = await correosPara(ctx.t, await correoProveedor());
    expect(copia!.asunto).toBe(`Rechazaste el reclamo del pedido N° ${id}`);
  });
});
