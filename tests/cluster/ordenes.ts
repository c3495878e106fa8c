import { type Cuenta, call, inPool } from './api';
import type { Cluster } from './cluster';
import { type Catalogo, comparar, createSolicitud, opcionDe, type Solicitud, seleccionada } from './comparacion';
import { check, note, section } from './report';
import type { Server } from './servers';

interface OrdenCreada {
  orden_id: number;
  pedidos: Array<{ id: number; proveedor: string; total: number }>;
}
/** crear-orden's 202 without an account: the order waits for the link e-mailed to its contact (docs/decisions/007). */
interface PorConfirmar {
  por_confirmar: true;
  correo: string;
}

/** A buyer's quotation, compared and ready to be bought. */
interface Compra {
  solicitud: Solicitud;
  cotizacionId: number;
  cantidad: number;
  /** The registered buyer, or undefined for an anonymous one (held by its clave). */
  comprador?: Cuenta;
  /** The delivery contact's address: where an anonymous order's confirmation goes. */
  correo: string;
  /**
   * The buyer's own address as the balancer passes it on (TRUST_PROXY=1): an anonymous order is
   * capped per IP (3 waiting), and 70 buyers are 70 connections, not one.
   */
  ip: string;
}

/** An order placed in (c): its one pedido (of S1) and what it bought, for (e). */
export interface PedidoComprado {
  pedidoId: number;
  cantidad: number;
  comprador?: Cuenta;
}

const crearOrden = (server: Server, c: Compra) =>
  call<OrdenCreada & PorConfirmar>(server, 'POST', '/api/facturacion/crear-orden/', {
    token: c.solicitud.token,
    headers: { ...c.solicitud.headers, 'x-forwarded-for': c.ip },
    body: { cotizacion_id: c.cotizacionId, cotizante_id: c.solicitud.cotizanteId },
  });

/** POST /api/ordenes/confirmar/ with a token of the e-mail 'Confirma tu orden', as the contact's browser sends it. */
const confirmar = (server: Server, token: string) => call<OrdenCreada>(server, 'POST', '/api/ordenes/confirmar/', { body: { token } });

/** The tokens of the e-mails 'Confirma tu orden' to `correo`, oldest first, read from the outbox both processes write. */
async function tokensConfirmar(cluster: Cluster, correo: string): Promise<string[]> {
  const { rows } = await cluster.db.query<{ texto: string }>(`select texto from correo_saliente where para = $1 and asunto = 'Confirma tu orden' order by id`, [
    correo,
  ]);
  return rows.map((r) => r.texto.match(/\/confirmar-orden\/([\w-]+)/)![1]!);
}

/** The lots of an offer, as the database holds them (numeric read as a number). */
export async function lotes(cluster: Cluster, ofertaId: number): Promise<Map<number, number>> {
  const { rows } = await cluster.db.query<{ id: number; cantidad: number }>(
    'select id, cantidad::float8 as cantidad from lote where proveedor_producto_id = $1',
    [ofertaId],
  );
  return new Map(rows.map((r) => [r.id, r.cantidad]));
}

const suma = (values: Iterable<number>) => [...values].reduce((s, v) => s + v, 0);

/** What the next comparison on each process says is left of an offer. */
export async function checkStockVisto(cluster: Cluster, solicitud: Solicitud, productoId: number, ofertaId: number, esperado: number, cuando: string) {
  for (const server of [cluster.a, cluster.b]) {
    const visto = opcionDe(await comparar(server, solicitud, [[productoId, 100]]), productoId, ofertaId)?.stock_disponible ?? 0;
    check(visto === esperado, `${cuando}, ${server.name}'s next comparison shows ${esperado} kg left`, `${visto}`);
  }
}

/**
 * (c) 100 buyers (30 with accounts, 70 anonymous), each with a quotation of 100–200 kg of P1
 * made on one process, all placing their order at once, half on A and half on B. The 30 order at
 * once; the 70 are held until their contact confirms (docs/decisions/007) and take nothing until
 * then; then the 70 confirm at once, half on each process. More than S1's lots hold, so some
 * must be refused. Nothing may be oversold, and every 2xx is one order.
 */
export async function checkOrdenes(cluster: Cluster, catalogo: Catalogo, cuentas: Cuenta[]): Promise<{ comprados: PedidoComprado[]; solicitud: Solicitud }> {
  const { a, b } = cluster;
  const { p1, ofertaS1 } = catalogo;
  section('(c) 100 buyers order the same lots at once, half through A and half through B; the 70 anonymous ones confirm by e-mail, at once too');
  const servers = [a, b];
  const registrados = [...cuentas];
  const compras = await inPool(Array.from({ length: 100 }), 10, async (_, i): Promise<Compra> => {
    const comprador = i % 10 < 3 ? registrados.pop() : undefined;
    const cantidad = 100 + 25 * (i % 5);
    // Quoted on the process that will not take the order.
    const server = servers[(i + 1) % 2]!;
    const correo = `compra${i}.${process.pid}@prueba.cl`;
    const ip = `10.23.${Math.floor(i / 200)}.${(i % 200) + 1}`;
    const creada = await createSolicitud(server, [[p1, cantidad]], comprador?.access, correo);
    // Each buyer compares from its own address too: one address has only 4 comparisons in flight (docs/decisions/012).
    const solicitud = { ...creada, headers: { ...creada.headers, 'x-forwarded-for': ip } };
    const res = await comparar(server, solicitud, [[p1, cantidad]]);
    if (seleccionada(res, p1).join() !== String(ofertaS1)) throw new Error(`buyer ${i}: the comparison did not select S1's offer alone`);
    return { solicitud, cotizacionId: res.cotizacion_id, cantidad, comprador, correo, ip };
  });
  const inicial = await lotes(cluster, ofertaS1);
  const totalInicial = suma(inicial.values());
  const pedido = compras.reduce((s, c) => s + c.cantidad, 0);
  note(`S1's lots hold ${totalInicial} kg; the 100 orders ask for ${pedido} kg`);

  const t0 = performance.now();
  const answers = await Promise.all(compras.map((c, i) => crearOrden(servers[i % 2]!, c)));
  note(`100 crear-orden answered in ${Math.round(performance.now() - t0)} ms`);
  const estados = (lista: Array<{ status: number }>) => {
    const byStatus = new Map<number, number>();
    for (const r of lista) byStatus.set(r.status, (byStatus.get(r.status) ?? 0) + 1);
    return [...byStatus].map(([s, n]) => `${n} × ${s}`).join(', ');
  };
  const conCuenta = answers.flatMap((r, i) => (compras[i]!.comprador ? [{ r, c: compras[i]!, server: servers[i % 2]! }] : []));
  const sinCuenta = answers.flatMap((r, i) => (compras[i]!.comprador ? [] : [{ r, c: compras[i]!, i }]));
  check(
    conCuenta.every(({ r }) => r.status === 201 || r.status === 409),
    'with an account: every answer is 201 (ordered) or 409 (stock short)',
    estados(conCuenta.map((o) => o.r)),
  );
  check(
    sinCuenta.every(({ r }) => r.status === 202 || r.status === 409),
    'without an account: every answer is 202 (held for its e-mail) or 409 (stock already short)',
    estados(sinCuenta.map((o) => o.r)),
  );
  const retenidas = sinCuenta.filter(({ r }) => r.status === 202);
  const tomadoAntes = totalInicial - suma((await lotes(cluster, ofertaS1)).values());
  const vendidoConCuenta = suma(conCuenta.filter(({ r }) => r.status === 201).map(({ c }) => c.cantidad));
  check(
    tomadoAntes === vendidoConCuenta,
    `the ${retenidas.length} held orders took no stock: what left the lots is what the buyers with an account bought`,
    `taken ${tomadoAntes} kg, bought with an account ${vendidoConCuenta} kg`,
  );

  // Each contact opens its link, half on each process (the other one than placed it), all at once.
  const tokens = await Promise.all(retenidas.map(async ({ c }) => (await tokensConfirmar(cluster, c.correo))[0]!));
  const t1 = performance.now();
  const confirmaciones = await Promise.all(retenidas.map(({ i }, k) => confirmar(servers[(i + 1) % 2]!, tokens[k]!)));
  note(`${retenidas.length} confirmations answered in ${Math.round(performance.now() - t1)} ms`);
  check(
    confirmaciones.every((r) => r.status === 201 || r.status === 409),
    'every confirmation is 201 (ordered) or 409 (stock gone meanwhile)',
    estados(confirmaciones),
  );
  const ok = [
    ...conCuenta.filter(({ r }) => r.status === 201),
    ...confirmaciones.flatMap((r, k) => (r.status === 201 ? [{ r, c: retenidas[k]!.c, server: servers[(retenidas[k]!.i + 1) % 2]! }] : [])),
  ];
  const refused = [...answers, ...confirmaciones].filter((r) => r.status === 409);
  check(
    refused.length > 0 && ok.length > 0,
    'the lots ran short: some orders were refused while others went through',
    `${ok.length} ordered, ${refused.length} refused`,
  );
  check(
    ok.some((o) => o.server === a) && ok.some((o) => o.server === b),
    'both processes placed orders',
    `A ${ok.filter((o) => o.server === a).length}, B ${ok.filter((o) => o.server === b).length}`,
  );
  check(
    confirmaciones.some((r, k) => r.status === 201 && retenidas[k]!.i % 2 === 0) &&
      confirmaciones.some((r, k) => r.status === 201 && retenidas[k]!.i % 2 === 1),
    'both processes confirmed orders',
  );
  if (refused[0]) note(`a refusal says: ${refused[0].text.slice(0, 160)}`);

  const cotizaciones = compras.map((c) => c.cotizacionId);
  const { rows: ordenes } = await cluster.db.query<{ id: number; cotizacion_id: number }>('select id, cotizacion_id from orden where cotizacion_id = any($1)', [
    cotizaciones,
  ]);
  check(ordenes.length === ok.length, 'the database holds as many orders as there were 2xx answers', `${ordenes.length} orders, ${ok.length} × 2xx`);
  const ids = new Set(ok.map((o) => o.r.body.orden_id));
  check(ids.size === ok.length && ordenes.every((o) => ids.has(o.id)), 'each 2xx names its own order, and each order in the database was answered');

  const final = await lotes(cluster, ofertaS1);
  const totalFinal = suma(final.values());
  check(
    [...final.values()].every((c) => c >= 0),
    'no lot below zero',
    [...final.values()].join(', '),
  );
  const { rows: tomado } = await cluster.db.query<{ lote_id: number; cantidad: number }>(
    `select oll.lote_id, sum(oll.cantidad)::float8 as cantidad
       from orden_linea_lote oll join orden_linea ol on ol.id = oll.orden_linea_id
      where ol.orden_id = any($1) group by oll.lote_id`,
    [[...ids]],
  );
  const porLote = new Map(tomado.map((t) => [t.lote_id, t.cantidad]));
  const cuadra = [...inicial].every(([id, antes]) => antes - (porLote.get(id) ?? 0) === final.get(id));
  check(
    cuadra,
    'per lot, initial stock = left + taken by the orders',
    [...inicial].map(([id, antes]) => `lot ${id}: ${antes} = ${final.get(id)} + ${porLote.get(id) ?? 0}`).join('; '),
  );
  const vendido = suma(ok.map((o) => o.c.cantidad));
  const { rows: lineas } = await cluster.db.query<{ cantidad: number }>(
    'select coalesce(sum(cantidad), 0)::float8 as cantidad from orden_linea where orden_id = any($1)',
    [[...ids]],
  );
  check(
    lineas[0]!.cantidad === vendido && vendido === totalInicial - totalFinal && vendido <= totalInicial,
    '0 units oversold: Σ ordered = Σ taken from the lots ≤ initial stock',
    `ordered ${vendido} kg (order lines ${lineas[0]!.cantidad}), taken ${totalInicial - totalFinal} of ${totalInicial} kg, ${totalFinal} left`,
  );
  await checkStockVisto(cluster, compras[0]!.solicitud, p1, ofertaS1, totalFinal, 'after the orders');

  return {
    comprados: ok.map((o) => ({ pedidoId: o.r.body.pedidos[0]!.id, cantidad: o.c.cantidad, comprador: o.c.comprador })),
    solicitud: compras[0]!.solicitud,
  };
}

/**
 * (c) continued: a buyer who sends the same order to both processes at once (a double click
 * across the balancer). With an account it gets one order, and both answers name it (201 and
 * 200); without one both are held, and its contact confirming both links at once, one on each
 * process, gets one order too.
 */
export async function checkOrdenDoble(cluster: Cluster, productoId: number, comprador: Cuenta): Promise<void> {
  const { a, b } = cluster;
  const compras = await Promise.all(
    Array.from({ length: 6 }, async (_, i): Promise<Compra> => {
      const correo = `doble${i}.${process.pid}@prueba.cl`;
      const token = i < 3 ? comprador.access : undefined;
      const solicitud = await createSolicitud(i % 2 ? a : b, [[productoId, 100]], token, correo);
      return {
        solicitud,
        cotizacionId: (await comparar(i % 2 ? b : a, solicitud, [[productoId, 100]])).cotizacion_id,
        cantidad: 100,
        correo,
        ip: `10.24.0.${i + 1}`,
      };
    }),
  );
  const pares = await Promise.all(compras.map((c) => Promise.all([crearOrden(a, c), crearOrden(b, c)])));
  const unaVez = pares.slice(0, 3).every(([x, y]) => [x.status, y.status].sort().join() === '200,201' && x.body.orden_id === y.body.orden_id);
  const retenidas = pares.slice(3).every(([x, y]) => x.status === 202 && y.status === 202);
  const confirmadas = await Promise.all(
    compras.slice(3).map(async (c) => {
      const [t1, t2] = await tokensConfirmar(cluster, c.correo);
      return Promise.all([confirmar(a, t1!), confirmar(b, t2!)]);
    }),
  );
  const unaVezSinCuenta = confirmadas.every(([x, y]) => [x.status, y.status].sort().join() === '200,201' && x.body.orden_id === y.body.orden_id);
  const { rows } = await cluster.db.query<{ n: number }>('select count(*)::int as n from orden where cotizacion_id = any($1)', [
    compras.map((c) => c.cotizacionId),
  ]);
  check(
    unaVez && rows[0]!.n === compras.length && retenidas && unaVezSinCuenta,
    '6 orders each sent to A and B at once: one order each; with an account answered 201 by one process and 200 with the same order by the other; without one both held (202) and its two links confirmed at once, one on each process, 201 and 200 with the same order',
    `${pares.map(([x, y]) => `${x.status}/${y.status}`).join(', ')}; confirmations ${confirmadas.map(([x, y]) => `${x.status}/${y.status}`).join(', ')}; ${rows[0]!.n} orders`,
  );
}
