import { formatFechaHora } from '#common/format';
import { type EventoPedido, eventoTexto } from '#common/schemas/pedidos';
import './pedido.css';

/** A pedido's history, oldest first: every state it took and every step after delivery, when, and the reason given. */
export function EventosPedido({ eventos, label = 'Historial' }: { eventos: readonly EventoPedido[]; label?: string }) {
  return (
    <ol className="eventos-pedido" aria-label={label}>
      {eventos.map((e, i) => (
        // The history is never rewritten: an event's place in it is its identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: append-only list
        <li key={i} className={`eventos-pedido__item eventos-pedido__item--${e.tipo === 'estado' ? e.estado : e.tipo}`}>
          <strong>{eventoTexto(e)}</strong>
          <span className="muted"> · {formatFechaHora(e.creado_en)}</span>
          {/* An invoice's or payment's event says what it records ('Factura N° 123 del …'), not a reason. */}
          {e.motivo && <p className="eventos-pedido__motivo">{e.tipo === 'factura' || e.tipo === 'pago' ? e.motivo : `Motivo: ${e.motivo}`}</p>}
        </li>
      ))}
    </ol>
  );
}
