import { useState } from 'react';
import { Link } from 'react-router';
import { formatFechaLarga } from '../../../../../common/format';
import { useLogout, useSession } from '../../../lib/session';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { EntryCard } from '../../../ui/entry-card';
import { toast } from '../../../ui/toast';
import { type HistorialOrden, historialOrdenes } from '../api/historial-ordenes';
import './ordenes.css';

const NO_INDICADO = 'No indicado';

/** SPEC §2 Order history: the billing rows of each order, in this order. */
const filasFacturacion = ({ datos_facturacion: d }: HistorialOrden): [string, string][] => [
  ['RUT', d.rut],
  ['Razón social', d.razon_social],
  ['Giro comercial', d.giro_comercial],
  ['Dirección', d.direccion_facturacion],
  ['Teléfono', d.telefono],
  ['Región', d.region],
  ['Comuna', d.comuna],
  ['Rubro', d.rubro],
  ['Método de pago', d.metodo_pago_nombre],
];

/** SPEC §2 Order history ('Historial de Órdenes de Compra'), read from local storage; newest first. */
export default function OrdenesPage() {
  const session = useSession();
  const logout = useLogout('/login');
  const [ordenes, setOrdenes] = useState(() => historialOrdenes.get() ?? []);
  const [porEliminar, setPorEliminar] = useState<HistorialOrden | null>(null);

  function eliminar(orden: HistorialOrden) {
    const quedan = ordenes.filter((o) => o !== orden);
    historialOrdenes.set(quedan);
    setOrdenes(quedan);
    setPorEliminar(null);
    toast.success('Orden eliminada del historial');
  }

  return (
    <section className="page ordenes">
      <div>
        <h1>Historial de Órdenes de Compra</h1>
        <p className="muted">Hola, {session.user?.first_name}. Estas son las órdenes de compra que hiciste desde este navegador.</p>
      </div>
      <div className="section-head">
        <Link to="/historial">Ver historial de cotizaciones</Link>
        <button type="button" className="btn btn--ghost" onClick={logout}>
          Cerrar sesión
        </button>
      </div>
      {ordenes.length === 0 ? (
        <div className="panel empty">
          <p>Aún no tienes órdenes de compra en tu historial.</p>
          <Link to="/cotizar" className="btn btn--primary">
            Crear nueva órden
          </Link>
        </div>
      ) : (
        <ul className="entry-list">
          {[...ordenes].reverse().map((o) => (
            <EntryCard
              key={`${o.orden_id}-${o.fecha}`}
              title={`Orden N° ${o.orden_id}`}
              subtitle={formatFechaLarga(o.fecha)}
              deleteLabel={`Eliminar la orden N° ${o.orden_id} del historial`}
              onDelete={() => setPorEliminar(o)}
            >
              {filasFacturacion(o).every(([, valor]) => !valor) ? (
                // The buyer answered No to the billing question (SPEC §2 Billing): nine empty rows would say less than this.
                <p className="muted">Compra sin datos de facturación.</p>
              ) : (
                <dl className="datos" aria-label={`Datos de facturación de la orden N° ${o.orden_id}`}>
                  {filasFacturacion(o).map(([campo, valor]) => (
                    <div key={campo} className="datos__fila">
                      <dt>{campo}</dt>
                      <dd>{valor || NO_INDICADO}</dd>
                    </div>
                  ))}
                </dl>
              )}
            </EntryCard>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={porEliminar !== null}
        title="¿Deseas eliminar esta orden del historial?"
        message="Solo se borra de este navegador; la orden de compra sigue vigente."
        variant="danger"
        confirmLabel="Eliminar"
        cancelLabel="Cancelar"
        onConfirm={() => porEliminar && eliminar(porEliminar)}
        onCancel={() => setPorEliminar(null)}
      />
    </section>
  );
}
