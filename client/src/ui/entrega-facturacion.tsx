import { useId } from 'react';
import { formatTelefono } from '#common/chile/telefono';
import type { Entrega, Facturacion } from '#common/schemas/pedidos';
import { DatosEntrega } from './datos-entrega';
import { DatosList } from './datos-list';

const CAMPOS_FACTURACION: ReadonlyArray<readonly [keyof Facturacion, string]> = [
  ['rut_facturacion', 'RUT'],
  ['razon_social', 'Razón social'],
  ['giro_comercial', 'Giro comercial'],
  ['direccion_facturacion', 'Dirección'],
  ['comuna_nombre', 'Comuna'],
  ['region_nombre', 'Región'],
  ['telefono_facturacion', 'Teléfono'],
  ['email_facturacion', 'Correo'],
  ['rubro_nombre', 'Rubro'],
  ['metodo_pago_nombre', 'Método de pago'],
];

/** docs/producto.md §5 Billing: every field is optional, and a buyer may have given none. */
const sinFacturacion = (f: Facturacion) => Object.values(f).every((v) => !v.trim());

/** The billing data of the purchase, each field or 'No indicado'. */
export function DatosFacturacion({ facturacion }: { facturacion: Facturacion }) {
  if (sinFacturacion(facturacion)) return <p className="muted">Compra sin datos de facturación.</p>;
  return (
    <DatosList
      label="Datos de facturación"
      rows={CAMPOS_FACTURACION.map(([campo, nombre]) => [nombre, campo === 'telefono_facturacion' ? formatTelefono(facturacion[campo]) : facturacion[campo]])}
    />
  );
}

/**
 * The delivery and billing the buyer gave, as two titled panels: the buyer's order and the
 * supplier's pedido show them alike.
 */
export function EntregaFacturacionPanels({ entrega, facturacion, textoSinFecha }: { entrega: Entrega; facturacion: Facturacion; textoSinFecha?: string }) {
  const id = useId();
  return (
    <>
      <section className="panel" aria-labelledby={`${id}-entrega`}>
        <h2 id={`${id}-entrega`}>Entrega</h2>
        <DatosEntrega entrega={entrega} textoSinFecha={textoSinFecha} />
      </section>
      <section className="panel" aria-labelledby={`${id}-facturacion`}>
        <h2 id={`${id}-facturacion`}>Facturación</h2>
        <DatosFacturacion facturacion={facturacion} />
      </section>
    </>
  );
}
