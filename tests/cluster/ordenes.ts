import { type Answer, type Cuenta, call, inPool } from './api';
import type { Cluster } from './cluster';
import { type Catalogo, comparar, createSolicitud, opcionDe, type Solicitud, seleccionada } from './comparacion';
import { check, note, section } from './report';
import type { Server } from './servers';

interface OrdenCreada {
  orden_id: number;
  pedidos: Array<{ id: number; proveedor: string; total: number }>;
}

/** A buyer's quotation, compared and ready to be bought. */
interface Compra {
  solicitud: Solicitud;
  cotizacionId: number;
  cantidad: number;
  /** The registered buyer, or undefined for an anonymous one (held by its clave). */
  comprador?: Cuenta;
}

/** An order placed in (c): its one pedido (of S1) and what it bought, for (e). */
export interface PedidoComprado {
  pedidoId: number;
  cantidad: number;
  comprador?: Cuenta;
}

const crearOrden = (server: Server, c: Compra) =>
  call<OrdenCreada>(server, 'POST', '/api/facturacion/crear-orden/', {
    token: c.solicitud.token,
    headers: c.solicitud.headers,
    body: { cotizacion_id: c.cotizacionId, cotizante_id: c.solicitud.cotizanteId },
  });

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
 * made on one process, all placing their order at once, half on A and half on B: more than S1's
 * lots hold, so some must be refused. Nothing may be oversold, and every 2xx is one order.
 */
export async function checkOrdenes(cluster: Cluster, catalogo: Catalogo, cuentas: Cuenta[]): Promise<{ comprados: PedidoComprado[]; solicitud: Solicitud }> {
  const { a, b } = cluster;
  const { p1, ofertaS1 } = catalogo;
  section('(c) 100 buyers order the same lots at once, half through A and half through B');
  const servers = [a, b];
  const registrados = [...cuentas];
  const compras = await inPool(Array.from({ length: 100 }), 10, async (_, i): Promise<Compra> => {
    const comprador = i % 10 < 3 ? registrados.pop() : undefined;
    const cantidad = 100 + 25 * (i % 5);
    // Quoted on the process that will not take the order.
    const server = servers[(i + 1) % 2]!;
    const solicitud = await createSolicitud(server, [[p1, cantidad]], comprador?.access, `compra${i}.${process.pid}@prueba.cl`);
    const res = await comparar(server, solicitud, [[p1, cantidad]]);
    if (seleccionada(res, p1).join() !== String(ofertaS1)) throw new Error(`buyer ${i}: the comparison did not select S1's offer alone`);
    return { solicitud, cotizacionId: res.cotizacion_id, cantidad, comprador };
  });
  const inicial = await lotes(cluster, ofertaS1);
  const totalInicial = suma(inicial.values());
  const pedido = compras.reduce((s, c) => s + c.cantidad, 0);
  note(`S1's lots hold ${totalInicial} kg; the 100 orders ask for ${pedido} kg`);

  const t0 = performance.now();
  const answers: Array<Answer<OrdenCreada>> = await Promise.all(compras.map((c, i) => crearOrden(servers[i % 2]!, c)));
  note(`100 crear-orden answered in ${Math.round(performance.now() - t0)} ms`);

  const byStatus = new Map<number, number>();
  for (const r of answers) byStatus.set(r.status, (byStatus.get(r.status) ?? 0) + 1);
  const ok = answers.flatMap((r, i) => (r.status === 201 ? [{ r, c: compras[i]!, server: servers[i % 2]! }] : []));
  const refused = answers.filter((r) => r.status === 409);
  check(ok.length + refused.length === 100, 'every answer is 201 (ordered) or 409 (stock short)', [...byStatus].map(([s, n]) => `${n} × ${s}`).join(', '));
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
 * across the balancer) gets one order, and both answers name it (201 and 200).
 */
export async function checkOrdenDoble(cluster: Cluster, productoId: number): Promise<void> {
  const { a, b } = cluster;
  const compras = await Promise.all(
    Array.from({ length: 5 }, async (_, i): Promise<Compra> => {
      const solicitud = await createSolicitud(i % 2 ? a : b, [[productoId, 100]], undefined, `doble${i}.${process.pid}@prueba.cl`);
      return { solicitud, cotizacionId: (await comparar(i % 2 ? b : a, solicitud, [[productoId, 100]])).cotizacion_id, cantidad: 100 };
    }),
  );
  const pares = await Promise.all(compras.map((c) => Promise.all([crearOrden(a, c), crearOrden(b, c)])));
  const { rows } = await cluster.db.query<{ n: number }>('select count(*)::int as n from orden where cotizacion_id = any($1)', [
    compras.map((c) => c.cotizacionId),
  ]);
  const unaVez = pares.every(([x, y]) => [x.status, y.status].sort().join() === '200,201' && x.body.orden_id === y.body.orden_id);
  check(
    unaVez && rows[0]!.n === compras.length,
    '5 orders each sent to A and B at once: one order each, answered 201 by one process and 200 with the same order by the other',
    `${pares.map(([x, y]) => `${x.status}/${y.status}`).join(', ')}; ${rows[0]!.n} orders`,
  );
}
