import { cantidadEs, formatCantidad, formatClp, formatDiaLargo, unidadCorta } from '#common/format';
import { subtotal } from '#common/precio';
import { type AccionesLinea, BotonesLinea } from './acciones-linea';
import { textoAvisos } from './avisos-resultado';
import { Notas, UltimaVez } from './notas-linea';
import type { Fila } from './seleccion';

/**
 * A line of the choice on a phone (docs/decisions/018, 'En el teléfono'): what it buys in two short
 * rows (product and subtotal; quantity and unit price, beside its details' summary), its shortfall and nudge, and the rest (brand,
 * category, origin, unit, expiry, why not other suppliers, the line's buttons) one tap away in its
 * details. The supplier is its block's heading.
 */
export function LineaCompacta({ fila: { r, o, primera }, acciones, hoy }: { fila: Fila; acciones: AccionesLinea; hoy: string }) {
  // A line that covers part of what was asked says of how much ('200 de 280 kg').
  const cantidad =
    o.cantidad_proveida < r.cantidad_solicitada
      ? `${cantidadEs(o.cantidad_proveida)} de ${formatCantidad(r.cantidad_solicitada, r.unidad)}`
      : formatCantidad(o.cantidad_proveida, o.unidad);
  const avisos = primera ? r.avisos : [];
  return (
    <li className="linea-compacta">
      <p className="linea-compacta__fila">
        <strong className="linea-compacta__producto">{o.producto}</strong>
        <strong className="linea-compacta__subtotal">
          <span className="visually-hidden">Subtotal </span>
          {formatClp(subtotal(o.cantidad_proveida, o.precio))}
        </strong>
      </p>
      <p className="linea-compacta__precio">
        {cantidad} · {formatClp(o.precio)}/{unidadCorta(o.unidad, 1)}
        {r.ultimo_precio && <UltimaVez ultimo={r.ultimo_precio} precio={o.precio} hoy={hoy} />}
      </p>
      <details className="linea-compacta__detalles">
        <summary>
          Detalles<span className="visually-hidden"> de {o.producto}</span>
          {avisos.length > 0 && ` · ${textoAvisos(avisos.length)}`}
        </summary>
        <dl className="linea-compacta__datos">
          <div>
            <dt>Marca</dt>
            <dd>{o.marca}</dd>
          </div>
          <div>
            <dt>Categoría</dt>
            <dd>{o.categoria}</dd>
          </div>
          <div>
            <dt>Origen</dt>
            <dd>{o.origen}</dd>
          </div>
          <div>
            <dt>Unidad</dt>
            <dd>{o.unidad}</dd>
          </div>
          <div>
            <dt>Vence</dt>
            <dd>{formatDiaLargo(o.fecha_vencimiento)}</dd>
          </div>
        </dl>
        {avisos.length > 0 && (
          <div className="linea-compacta__avisos">
            <p className="linea-compacta__subtitulo">Por qué no otros proveedores</p>
            {avisos.map((a) => (
              <p key={a} className="muted resultado__aviso-linea">
                {a}
              </p>
            ))}
          </div>
        )}
        <BotonesLinea r={r} o={o} primera={primera} acciones={acciones} />
      </details>
      {primera && <Notas r={r} avisos={false} />}
    </li>
  );
}
