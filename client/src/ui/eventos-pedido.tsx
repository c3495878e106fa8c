import { formatFechaHora } from '#common/format';
import { ESTADO_PEDIDO_TEXTO, type EventoPedido } from '#common/schemas/pedidos';
import './pedido.css';

/** A pedido's history, oldest first: every state it took, when, and the reason given. */
export function EventosPedido({ eventos, label = 'Historial' }: { eventos: readonly EventoPedido[]; label?: string }) {
  return (
    <ol className="eventos-pedido" aria-label={label}>
      {/* The cycle never returns to a state, so each appears once. */}
      {eventos.map((e) => (
        <li key={e.estado} className={`eventos-pedido__item eventos-pedido__item--${e.estado}`}>
          <strong>{ESTADO_PEDIDO_TEXTO[e.estado]}</strong>
          <span className="muted"> · {formatFechaHora(e.creado_en)}</span>
          {e.motivo && <p className="eventos-pedido__motivo">Motivo: {e.motivo}</p>}
        </li>
      ))}
    </ol>
  );
}
