import type { EstadoPedido, PedidoDetalle } from '#common/schemas/pedidos';
import { type Answer, call, expectStatus } from './api';
import type { Cluster } from './cluster';
import type { Catalogo, Solicitud } from './comparacion';
import { checkStockVisto, lotes, type PedidoComprado } from './ordenes';
import { check, note, section } from './report';
import type { Server } from './servers';

const MOTIVO = 'Sin camión esta semana.';

interface Paso {
  server: Server;
  estado: EstadoPedido;
  /** The supplier's token, or the buyer's for 'anulado'. */
  token: string;
}

const cambiar = (pedidoId: number, { server, estado, token }: Paso) =>
  call<PedidoDetalle>(server, 'POST', `/api/pedidos/${pedidoId}/estado/`, {
    token,
    body: estado === 'rechazado' ? { estado, motivo: MOTIVO } : { estado },
  });

const leer = async (server: Server, pedidoId: number, token: string) =>
  expectStatus(await call<PedidoDetalle>(server, 'GET', `/api/pedidos/${pedidoId}/`, { token }), 200, `GET pedido ${pedidoId} on ${server.name}`);

const esOk = (r: Answer) => r.status >= 200 && r.status < 300;

async function countCorreos(cluster: Cluster): Promise<number> {
  return (await cluster.db.query<{ n: number }>('select count(*)::int as n from correo_saliente')).rows[0]!.n;
}

/**
 * (e) The same pedido, two state changes sent at once, one to each process. Each race must have
 * exactly one winner: one new event in the pedido's history, one e-mail, the stock given back at
 * most once, and both processes reading the winner's state. Racing the same move, the loser
 * finds the state already there and answers 200 changing nothing (docs/decisions/011: a repeat
 * is harmless); racing two different moves, the loser's is no longer allowed: 409.
 */
export async function checkPedidos(cluster: Cluster, catalogo: Catalogo, comprados: PedidoComprado[], solicitud: Solicitud): Promise<void> {
  const { a, b } = cluster;
  const proveedor = catalogo.s1.access;
  section('(e) a pedido state change racing on both processes has exactly one winner');
  const conCuenta = comprados.filter((c) => c.comprador);
  const anonimos = comprados.filter((c) => !c.comprador);
  const anular = conCuenta.slice(0, 6);
  const resto = [...conCuenta.slice(6), ...anonimos];
  const confirmar = resto.slice(0, 6);
  const rechazar = resto.slice(6, 12);
  if (anular.length < 3 || rechazar.length < 6) throw new Error(`too few pedidos to race: ${anular.length} of buyers with accounts, ${resto.length} others`);

  const stockAntes = [...(await lotes(cluster, catalogo.ofertaS1)).values()].reduce((s, c) => s + c, 0);
  const correosAntes = await countCorreos(cluster);
  let correosEsperados = 0;
  const devueltos: number[] = [];
  const mismos: string[] = [];

  /** Races `x` on one process against `y` on the other; the winner's state, or undefined. */
  async function race(p: PedidoComprado, x: Paso, y: Paso, mismo: boolean): Promise<EstadoPedido | undefined> {
    const antes = await leer(a, p.pedidoId, proveedor);
    const [rx, ry] = await Promise.all([cambiar(p.pedidoId, x), cambiar(p.pedidoId, y)]);
    const ganadores = [rx, ry].filter(esOk);
    const final = await leer(b, p.pedidoId, proveedor);
    const finalA = await leer(a, p.pedidoId, proveedor);
    const nuevos = final.eventos.slice(antes.eventos.length);
    if (mismo) mismos.push(`${rx.status}/${ry.status}`);
    const statuses = `${x.server.name} ${x.estado} → ${rx.status}, ${y.server.name} ${y.estado} → ${ry.status}`;
    const winner = mismo ? (ganadores.length > 0 ? x.estado : undefined) : ganadores.length === 1 ? (esOk(rx) ? x.estado : y.estado) : undefined;
    const respuestas = mismo
      ? ganadores.length >= 1 && [rx, ry].every((r) => esOk(r) || r.status === 409)
      : ganadores.length === 1 && [rx, ry].some((r) => r.status === 409);
    check(
      respuestas && winner !== undefined && nuevos.length === 1 && nuevos[0]!.estado === winner && final.estado === winner && finalA.estado === winner,
      `pedido ${p.pedidoId} (${antes.estado}): one winner, one new event, both processes read '${winner ?? '?'}'`,
      `${statuses}; new events: ${nuevos.map((e) => e.estado).join(', ') || 'none'}; A reads ${finalA.estado}, B reads ${final.estado}`,
    );
    if (winner) {
      correosEsperados += 1 + (winner === 'anulado' ? 1 : 0);
      if (winner === 'rechazado' || winner === 'anulado') devueltos.push(p.cantidad);
    }
    return winner;
  }

  for (const [i, p] of confirmar.entries()) {
    const [x, y] = i % 2 ? [b, a] : [a, b];
    await race(p, { server: x, estado: 'confirmado', token: proveedor }, { server: y, estado: 'confirmado', token: proveedor }, true);
  }
  for (const [i, p] of rechazar.entries()) {
    const [x, y] = i % 2 ? [b, a] : [a, b];
    await race(p, { server: x, estado: 'rechazado', token: proveedor }, { server: y, estado: 'rechazado', token: proveedor }, true);
  }
  note(`the same move sent to both answered ${[...new Set(mismos)].join(', ')} (a repeat answers 200 and changes nothing, docs/decisions/011)`);
  for (const [i, p] of anular.entries()) {
    const [x, y] = i % 2 ? [b, a] : [a, b];
    await race(p, { server: x, estado: 'confirmado', token: proveedor }, { server: y, estado: 'anulado', token: p.comprador!.access }, false);
  }
  // From confirmado both moves are allowed; whichever lands first forbids the other.
  for (const [i, p] of confirmar.entries()) {
    const [x, y] = i % 2 ? [b, a] : [a, b];
    await race(p, { server: x, estado: 'despachado', token: proveedor }, { server: y, estado: 'rechazado', token: proveedor }, false);
  }

  const stockDespues = [...(await lotes(cluster, catalogo.ofertaS1)).values()].reduce((s, c) => s + c, 0);
  const devuelto = devueltos.reduce((s, c) => s + c, 0);
  check(
    stockDespues === stockAntes + devuelto,
    `the stock of every rejected or annulled pedido came back exactly once (${devueltos.length} pedidos, ${devuelto} kg)`,
    `${stockAntes} kg before, ${stockDespues} kg after`,
  );
  await checkStockVisto(cluster, solicitud, catalogo.p1, catalogo.ofertaS1, stockDespues, 'after the races');
  const correos = (await countCorreos(cluster)) - correosAntes;
  check(
    correos === correosEsperados,
    'one e-mail per state change (and one to the supplier per annulment), none for a losing request',
    `${correos} written, ${correosEsperados} expected`,
  );
}
