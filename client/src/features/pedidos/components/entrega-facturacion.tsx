import type { Facturacion } from '../../../../../common/schemas/pedidos';
import { DatosList } from '../../../ui/datos-list';

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
const sinFacturacion = (f: Facturacion) => Object.values(f).every((v) => !v.trim());

/** The billing data of the purchase, each field or 'No indicado'. */
export function DatosFacturacion({ facturacion }: { facturacion: Facturacion }) {
  if (sinFacturacion(facturacion)) return <p className="muted">Compra sin datos de facturación.</p>;
  return <DatosList label="Datos de facturación" filas={CAMPOS_FACTURACION.map(([campo, nombre]) => [nombre, facturacion[campo]])} />;
}
