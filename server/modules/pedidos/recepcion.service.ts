import { formatClp } from '#common/format';
import { centesimas, isCentesimal } from '#common/numeros';
import { cantidadConfirmada, montoFaltante, RECIBIDA_DECIMALES, recepcionHasta, recibidaExcesiva } from '#common/reclamo';
import {
  CREDITO_EXCESIVO,
  PEDIDO_NO_ENCONTRADO,
  type PedidoDetalle,
  PROBLEMA_OBLIGATORIO,
  RECEPCION_AUN_NO,
  RECEPCION_FUERA_DE_PLAZO,
  RECEPCION_YA_REGISTRADA,
  type RecepcionData,
  type RespuestaReclamoData,
  SIN_RECLAMO_ABIERTO,
  SOLO_COMPRADOR_RECIBE,
  SOLO_PROVEEDOR_RESPONDE,
  transicionRechazada,
} from '#common/schemas/pedidos';
import type { Db } from '#server/db/client';
import { AppError, notFound } from '#server/errors';
import type { Mailer } from '#server/mail/mailer';
import { correoReclamoAbierto, correoReclamoCopia, correoReclamoRespondido, correoRespuestaCopia, type LineaReclamada } from '#server/mail/reclamo-templates';
import {
  findCorreosProveedores,
  findOrdenCabecera,
  findPedidoAcceso,
  findLineasDePedido,
  findPedidosCompletos,
  insertEvento,
  type LineaDePedido,
  type OrdenCabecera,
  ordenPorId,
  pedidoPorId,
} from './pedidos.repository';
import { enlaces, getPedido } from './pedidos.service';
import { findEntregadoEn, findRecepcionDePedido, type LineaRecibida, saveRecepcion, saveRespuestaReclamo } from './recepcion.repository';

export interface RecepcionDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  /** The clock of the 48-hour window (tests pin it). */
  now: () => Date;
}

const saludoComprador = (orden: OrdenCabecera) => orden.nombre_cuenta ?? orden.entrega.nombre_contacto;

/**
 * Checks the lines the buyer named against the pedido's and answers every line as received: those
 * not named, whole. Errors go under the named line's own field (`lineas.{i}.…`, i its place in the
 * body), so the form shows each under its input; nothing is written before every line passed.
 */
function lineasRecibidas(lineas: LineaDePedido[], recepcion: RecepcionData): LineaRecibida[] {
  const errores: Record<string, string[]> = {};
  const porId = new Map(lineas.map((l) => [l.id, l]));
  const nombradas = new Map<number, RecepcionData['lineas'][number]>();
  recepcion.lineas.forEach((r, i) => {
    const campo = (nombre: string) => `lineas.${i}.${nombre}`;
    const linea = porId.get(r.id);
    if (!linea) errores[campo('id')] = ['La línea no es de este pedido.'];
    else if (nombradas.has(r.id)) errores[campo('id')] = ['La línea está repetida.'];
    else if (!isCentesimal(r.cantidad_recibida)) errores[campo('cantidad_recibida')] = [RECIBIDA_DECIMALES];
    else if (centesimas(r.cantidad_recibida) > centesimas(cantidadConfirmada(linea))) {
      errores[campo('cantidad_recibida')] = [recibidaExcesiva(cantidadConfirmada(linea), linea.unidad)];
    } else if (centesimas(r.cantidad_recibida) < centesimas(cantidadConfirmada(linea)) && r.problema === null)
      errores[campo('problema')] = [PROBLEMA_OBLIGATORIO];
    nombradas.set(r.id, r);
  });
  if (Object.keys(errores).length > 0) throw new AppError(400, errores);
  return lineas.map((l) => {
    const r = nombradas.get(l.id);
    return r
      ? { id: l.id, cantidad_recibida: r.cantidad_recibida, problema: r.problema, comentario: r.comentario }
      : { id: l.id, cantidad_recibida: cantidadConfirmada(l), problema: null, comentario: null };
  });
}

/** The lines received short, each with what its difference is worth, net: subtotal(confirmed − received, price). */
function lineasReclamadas(lineas: LineaDePedido[], recibidas: LineaRecibida[]): LineaReclamada[] {
  return lineas.flatMap((l, i) => {
    const r = recibidas[i]!;
    const monto = montoFaltante(l, r.cantidad_recibida);
    if (centesimas(r.cantidad_recibida) >= centesimas(cantidadConfirmada(l))) return [];
    return [
      {
        producto_nombre: l.producto_nombre,
        marca: l.marca,
        unidad: l.unidad,
        confirmada: cantidadConfirmada(l),
        recibida: r.cantidad_recibida,
        problema: r.problema,
        comentario: r.comentario,
        monto,
      },
    ];
  });
}

/**
 * Its buyer records what arrived (docs/producto.md §18, docs/decisions/026): once, on a pedido
 * 'despachado' (the truck arrived: the receipt also delivers it) or 'entregado' within
 * HORAS_PARA_RECEPCION of that (recepcionHasta). Any difference opens a claim for its net amount, and its supplier
 * and buyer are e-mailed. The pedido's row is locked first, so of two receipts racing the second
 * sees the first's and is refused.
 */
export async function recordRecepcion(deps: RecepcionDeps, usuarioId: number, id: number, recepcion: RecepcionData): Promise<PedidoDetalle> {
  const { db, mailer, publicUrl, now } = deps;
  const links = enlaces(publicUrl);
  await db.transaction(async (tx) => {
    const p = await findPedidoAcceso(tx, id, { lock: true });
    if (!p || (p.comprador_id !== usuarioId && p.proveedor_id !== usuarioId)) throw notFound(PEDIDO_NO_ENCONTRADO);
    if (p.comprador_id !== usuarioId) throw new AppError(403, { detail: SOLO_COMPRADOR_RECIBE });
    const actual = await findRecepcionDePedido(tx, id);
    if (actual.recibido_en !== null) throw new AppError(409, { detail: RECEPCION_YA_REGISTRADA });
    const ahora = now();
    if (p.estado === 'pendiente' || p.estado === 'confirmado') throw new AppError(409, { detail: RECEPCION_AUN_NO });
    if (p.estado === 'rechazado' || p.estado === 'anulado') throw new AppError(409, { detail: transicionRechazada(p.estado, 'entregado')! });
    if (p.estado === 'entregado') {
      const entregadoEn = await findEntregadoEn(tx, id);
      if (entregadoEn === null || ahora > recepcionHasta(entregadoEn)) {
        throw new AppError(409, { detail: RECEPCION_FUERA_DE_PLAZO });
      }
    }

    const lineas = await findLineasDePedido(tx, id);
    const recibidas = lineasRecibidas(lineas, recepcion);
    const reclamadas = lineasReclamadas(lineas, recibidas);
    const monto = reclamadas.reduce((suma, l) => suma + l.monto, 0);
    const hayReclamo = reclamadas.length > 0;
    const entregar = p.estado === 'despachado';
    await saveRecepcion(tx, id, { lineas: recibidas, reclamoMonto: hayReclamo ? monto : null, entregar, en: ahora });
    // Received on 'despachado': the truck arrived, so its buyer is who delivers it (docs/decisions/026).
    if (entregar)
      await insertEvento(tx, { pedidoId: id, estado: 'entregado', tipo: 'estado', usuarioId, motivo: 'Recepción registrada por quien compró.', en: ahora });
    await insertEvento(tx, {
      pedidoId: id,
      estado: 'entregado',
      tipo: 'recepcion',
      usuarioId,
      motivo: hayReclamo ? `Reclamo por ${formatClp(monto)}` : 'Recibido completo',
      en: ahora,
    });
    if (!hayReclamo) return;

    const orden = (await findOrdenCabecera(tx, ordenPorId(p.orden_id)))!;
    const reclamo = { pedido_id: id, orden_id: p.orden_id, proveedor: actual.proveedor, comprador: orden.comprador, monto, lineas: reclamadas };
    const correo = p.proveedor_id === null ? undefined : (await findCorreosProveedores(tx, [p.proveedor_id])).get(p.proveedor_id);
    if (correo) await mailer.enqueue(tx, correoReclamoAbierto(correo, reclamo, links.pedido(id)));
    if (orden.correo_comprador) await mailer.enqueue(tx, correoReclamoCopia(orden.correo_comprador, saludoComprador(orden), reclamo, links.orden(orden.id)));
  });
  void mailer.kick();
  return getPedido(db, usuarioId, id);
}

/**
 * Its supplier answers an open claim (docs/producto.md §18): accepts it with a net credit up to the
 * amount claimed, or rejects it with the reason. The pedido's final amounts are then its neto less
 * the credit, with IVA once on that (common/iva.ts); both sides are e-mailed them.
 */
export async function answerReclamo(deps: RecepcionDeps, usuarioId: number, id: number, respuesta: RespuestaReclamoData): Promise<PedidoDetalle> {
  const { db, mailer, publicUrl, now } = deps;
  const links = enlaces(publicUrl);
  await db.transaction(async (tx) => {
    const p = await findPedidoAcceso(tx, id, { lock: true });
    if (!p || (p.comprador_id !== usuarioId && p.proveedor_id !== usuarioId)) throw notFound(PEDIDO_NO_ENCONTRADO);
    if (p.proveedor_id !== usuarioId) throw new AppError(403, { detail: SOLO_PROVEEDOR_RESPONDE });
    const reclamo = await findRecepcionDePedido(tx, id);
    if (reclamo.reclamo_estado !== 'abierto') throw new AppError(409, { detail: SIN_RECLAMO_ABIERTO });
    const monto = reclamo.reclamo_monto ?? 0;
    if (respuesta.accion === 'aceptar' && respuesta.monto_credito > monto) throw new AppError(400, { monto_credito: [CREDITO_EXCESIVO] });

    const ahora = now();
    await saveRespuestaReclamo(tx, id, respuesta, ahora);
    await insertEvento(tx, {
      pedidoId: id,
      estado: p.estado,
      tipo: respuesta.accion === 'aceptar' ? 'reclamo_aceptado' : 'reclamo_rechazado',
      usuarioId,
      motivo: respuesta.accion === 'aceptar' ? `Crédito de ${formatClp(respuesta.monto_credito)}` : respuesta.motivo,
      en: ahora,
    });

    const [completo] = await findPedidosCompletos(tx, pedidoPorId(id));
    const orden = (await findOrdenCabecera(tx, ordenPorId(p.orden_id)))!;
    const correoRespuesta = {
      pedido_id: id,
      orden_id: p.orden_id,
      proveedor: completo!.proveedor,
      comprador: orden.comprador,
      monto,
      respuesta,
      total: completo!.total,
    };
    if (orden.correo_comprador) {
      await mailer.enqueue(tx, correoReclamoRespondido(orden.correo_comprador, saludoComprador(orden), correoRespuesta, links.orden(orden.id)));
    }
    const correo = (await findCorreosProveedores(tx, [usuarioId])).get(usuarioId);
    if (correo) await mailer.enqueue(tx, correoRespuestaCopia(correo, correoRespuesta, links.pedido(id)));
  });
  void mailer.kick();
  return getPedido(db, usuarioId, id);
}
