import type { ReactNode } from 'react';
import { formatDiaLargo } from '../../../../../common/format';
import type { Entrega, Facturacion } from '../../../../../common/schemas/pedidos';
import './pedidos.css';

/** One row of a pedido's data; an empty value says so instead of leaving a blank. */
function Dato({ nombre, children }: { nombre: string; children: ReactNode }) {
  return (
    <div className="datos-pedido__fila">
      <dt>{nombre}</dt>
      <dd>{children || <span className="muted">No indicado</span>}</dd>
    </div>
  );
}

/** 'Av. Providencia 1234, Providencia, Región Metropolitana': the parts that were given. */
export const lugar = (...partes: string[]) =>
  partes
    .map((p) => p.trim())
    .filter(Boolean)
    .join(', ');

/** Where, to whom and when the order goes, as the buyer gave it when buying. */
export function DatosEntrega({ entrega }: { entrega: Entrega }) {
  return (
    <dl className="datos-pedido">
      <Dato nombre="Fecha de entrega">{entrega.fecha_entrega ? formatDiaLargo(entrega.fecha_entrega) : 'Sin fecha'}</Dato>
      <Dato nombre="Dirección">{lugar(entrega.direccion_envio, entrega.comuna_nombre, entrega.region_nombre)}</Dato>
      <Dato nombre="Contacto">{entrega.nombre_contacto}</Dato>
      <Dato nombre="Teléfono">
        {entrega.telefono_contacto && <a href={`tel:${entrega.telefono_contacto.replace(/\s/g, '')}`}>{entrega.telefono_contacto}</a>}
      </Dato>
      <Dato nombre="Correo">{entrega.correo_contacto && <a href={`mailto:${entrega.correo_contacto}`}>{entrega.correo_contacto}</a>}</Dato>
    </dl>
  );
}

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

/** SPEC §5 Billing: every field is optional, and a buyer may have given none. */
export const sinFacturacion = (f: Facturacion) => Object.values(f).every((v) => !v.trim());

/** The billing data of the purchase, each field or 'No indicado'. */
export function DatosFacturacion({ facturacion }: { facturacion: Facturacion }) {
  if (sinFacturacion(facturacion)) return <p className="muted">Compra sin datos de facturación.</p>;
  return (
    <dl className="datos-pedido">
      {CAMPOS_FACTURACION.map(([campo, nombre]) => (
        <Dato key={campo} nombre={nombre}>
          {facturacion[campo].trim()}
        </Dato>
      ))}
    </dl>
  );
}
