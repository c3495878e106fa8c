import { formatTelefono, normalizarTelefono } from '#common/chile/telefono';
import { formatDireccion, formatFechaEntrega } from '#common/format';
import type { Entrega } from '#common/schemas/pedidos';
import { DatosList } from './datos-list';

/**
 * Where, to whom and when a purchase goes, as the buyer gave it: before it is placed
 * (/facturacion), on the buyer's order and on the supplier's pedido. The e-mails say a missing
 * date the same way (server/mail/pedido-templates.ts), each pedido's own day with it.
 */
export function DatosEntrega({
  entrega,
  textoSinFecha,
}: {
  entrega: Entrega;
  /** What stands for no date asked, when each supplier's own day is shown elsewhere on the page. */
  textoSinFecha?: string;
}) {
  const { telefono_contacto: telefono, correo_contacto: correo } = entrega;
  return (
    <DatosList
      label="Datos de entrega"
      rows={[
        ['Fecha de entrega', entrega.fecha_entrega === null && textoSinFecha ? textoSinFecha : formatFechaEntrega(entrega.fecha_entrega)],
        ['Dirección', formatDireccion(entrega.direccion_envio, entrega.comuna_nombre, entrega.region_nombre)],
        ['Contacto', entrega.nombre_contacto],
        ['Teléfono', telefono && <a href={`tel:${normalizarTelefono(telefono)}`}>{formatTelefono(telefono)}</a>],
        ['Correo', correo && <a href={`mailto:${correo}`}>{correo}</a>],
      ]}
    />
  );
}
