import { useEffect, useRef } from 'react';
import { formatCantidad, formatClp, formatFechaHora } from '#common/format';
import { cantidadConfirmada } from '#common/reclamo';
import { ESTADO_RECLAMO_TEXTO, type EstadoReclamo, type PedidoDetalle, PROBLEMA_TEXTO } from '#common/schemas/pedidos';
import { MontosIva } from './montos-iva';
import './recepcion-pedido.css';

type PedidoRecibido = Pick<PedidoDetalle, 'id' | 'lineas' | 'recibido_en' | 'reclamo' | 'neto' | 'iva' | 'total_con_iva'>;

/** A claim's state as a labelled badge on rows ('Reclamo abierto'), words and not colour alone. */
export function ReclamoBadge({ estado }: { estado: EstadoReclamo }) {
  return <span className={`reclamo-badge reclamo-badge--${estado}`}>{ESTADO_RECLAMO_TEXTO[estado]}</span>;
}

/** Where a claim stands, in one line: its amount while open, the credit or the reason once answered (docs/decisions/026). */
function reclamoTexto(reclamo: NonNullable<PedidoDetalle['reclamo']>): string {
  if (reclamo.estado === 'abierto') return `Reclamo abierto por ${formatClp(reclamo.monto)}`;
  if (reclamo.estado === 'aceptado') return `Crédito aceptado: ${formatClp(reclamo.monto_credito ?? 0)}`;
  return `Reclamo rechazado: ${reclamo.motivo ?? ''}`;
}

/** The pedido whose receipt or claim answer its viewer is saving (docs/producto.md §18). */
let enfocarAlMostrar: number | null = null;

/**
 * Asks the receipt of pedido `id` to take the focus once it shows what was just saved (null: the
 * save failed). The dialog's own button is gone by then, and a keyboard would land on the page's top.
 */
export function enfocarRecepcionAlGuardar(id: number | null) {
  enfocarAlMostrar = id;
}

/**
 * What arrived of a pedido, as its buyer recorded it, and its claim with the pedido's final amounts
 * (its neto less an accepted credit, IVA once on that): the same on the buyer's /ordenes/:id and the
 * supplier's /pedidos-recibidos/:id. Nothing until the receipt is recorded.
 */
export function RecepcionPedido({ pedido }: { pedido: PedidoRecibido }) {
  const titulo = useRef<HTMLHeadingElement>(null);
  const recibido = pedido.recibido_en !== null;
  const estadoReclamo = pedido.reclamo?.estado;
  // Runs when the receipt appears or its claim is answered: the save asked for it, the focus moves here.
  // biome-ignore lint/correctness/useExhaustiveDependencies: estadoReclamo is the change to follow, not read inside.
  useEffect(() => {
    if (enfocarAlMostrar !== pedido.id || !recibido) return;
    enfocarAlMostrar = null;
    titulo.current?.focus();
  }, [pedido.id, recibido, estadoReclamo]);
  if (pedido.recibido_en === null) return null;
  const { reclamo } = pedido;
  return (
    <section className="recepcion-pedido" aria-labelledby={`recepcion-${pedido.id}`}>
      <h4 id={`recepcion-${pedido.id}`} ref={titulo} tabIndex={-1}>
        Recepción
      </h4>
      <p className="muted">Registrada el {formatFechaHora(pedido.recibido_en)}</p>
      <ul className="recepcion-pedido__lineas" aria-label={`Lo recibido del pedido N° ${pedido.id}`}>
        {pedido.lineas.map((l) => {
          const confirmada = cantidadConfirmada(l);
          const recibida = l.cantidad_recibida ?? confirmada;
          return (
            <li key={l.id}>
              <strong>{l.producto_nombre}</strong>{' '}
              {recibida < confirmada ? (
                <span>
                  · Recibido {formatCantidad(recibida, l.unidad)} de {formatCantidad(confirmada, l.unidad)}
                </span>
              ) : (
                <span className="muted">· Recibido completo ({formatCantidad(recibida, l.unidad)})</span>
              )}
              {l.problema && <span className="recepcion-pedido__problema"> · {PROBLEMA_TEXTO[l.problema]}</span>}
              {l.comentario && <p className="recepcion-pedido__comentario">“{l.comentario}”</p>}
            </li>
          );
        })}
      </ul>
      {reclamo && (
        <div className={`recepcion-pedido__reclamo recepcion-pedido__reclamo--${reclamo.estado}`} role="status">
          <p className="recepcion-pedido__reclamo-texto">
            <strong>{reclamoTexto(reclamo)}</strong>
          </p>
          {reclamo.estado === 'abierto' && <p className="muted">Monto neto, esperando la respuesta del proveedor.</p>}
          {reclamo.estado === 'aceptado' && reclamo.monto_credito !== reclamo.monto && <p className="muted">De {formatClp(reclamo.monto)} reclamados.</p>}
          {/* Named in words: under 'Reclamo abierto por $49.950' an unnamed Total of the whole pedido read as the claim's own. */}
          <p className="recepcion-pedido__montos-titulo">
            {reclamo.estado === 'abierto' ? 'Monto del pedido mientras se resuelve:' : 'Monto final del pedido:'}
          </p>
          <MontosIva
            montos={pedido}
            credito={reclamo.estado === 'aceptado' ? (reclamo.monto_credito ?? undefined) : undefined}
            label={reclamo.estado === 'abierto' ? `Monto del pedido N° ${pedido.id} mientras se resuelve` : `Monto final del pedido N° ${pedido.id}`}
          />
        </div>
      )}
    </section>
  );
}
