import { useId } from 'react';
import type { ProveedorProducto } from '#common/schemas/proveedor-productos';

// docs/producto.md §2 Supplier product list: the tooltips of pending and rejected rows.
export const EN_REVISION = 'Este producto está en revisión por el equipo de la plataforma.';
export const RECHAZADO = 'Este producto fue rechazado. Revisa los detalles o contacta soporte.';

/**
 * The moderation state of a row's product: a tag whose tooltip (docs/producto.md §2) shows on hover and on
 * keyboard focus and is read by screen readers; a rejected product also shows the moderator's
 * reason, in plain sight. Approved products show nothing.
 */
export function EstadoModeracion({ oferta }: { oferta: ProveedorProducto }) {
  const id = useId();
  if (oferta.estado_moderacion !== 'pendiente' && oferta.estado_moderacion !== 'rechazado') return null;
  const pendiente = oferta.estado_moderacion === 'pendiente';
  return (
    <span className="estado-moderacion">
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: focusable so keyboard users get the tooltip too */}
      <span className={`tag estado-moderacion__tag estado-moderacion__tag--${oferta.estado_moderacion}`} tabIndex={0} aria-describedby={id}>
        {pendiente ? 'En revisión' : 'Rechazado'}
      </span>
      <span role="tooltip" id={id} className="estado-moderacion__tooltip">
        {pendiente ? EN_REVISION : RECHAZADO}
      </span>
      {!pendiente && oferta.motivo_rechazo && <span className="estado-moderacion__motivo">Motivo: {oferta.motivo_rechazo}</span>}
    </span>
  );
}
