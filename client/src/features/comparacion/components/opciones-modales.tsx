import type { Opcion, ResultadoComparacion } from '#common/schemas/comparacion';
import { cantidadEs, formatClp, formatDiaLargo, unidadCorta } from '#common/format';
import { Modal } from '../../../ui/modal';
import { faltante } from './seleccion';

/** One offer as the modals show it: who sells it, at what unit price, how much stock and until when. */
function OpcionResumen({ o, cantidad }: { o: Opcion; cantidad?: number }) {
  const u = (n: number) => unidadCorta(o.unidad, n);
  return (
    <div className="opcion__datos">
      <strong>{o.proveedor}</strong>
      <span>
        {formatClp(o.precio)} / {u(1)} · Stock: {cantidadEs(o.stock_disponible)} {u(o.stock_disponible)}
      </span>
      <span className="muted">
        Vence: {formatDiaLargo(o.fecha_vencimiento)}
        {cantidad !== undefined && ` · Cubre ${cantidadEs(cantidad)} ${u(cantidad)}`}
      </span>
    </div>
  );
}

const CERRAR = (onClose: () => void) => (
  <button type="button" className="btn btn--ghost" onClick={onClose}>
    Cerrar
  </button>
);

/** docs/producto.md §2 Results: the other offers of a line's product; choosing one swaps it in (docs/producto.md §4.4). */
export function AlternativasModal({
  resultado,
  actual,
  efectoDe,
  onElegir,
  onClose,
}: {
  resultado: ResultadoComparacion;
  actual: Opcion;
  /** What choosing it does to the landed total and the minimums (fees move with a swap). */
  efectoDe(o: Opcion): string[];
  onElegir(o: Opcion): void;
  onClose(): void;
}) {
  return (
    <Modal
      open
      title={`Opciones alternativas: ${resultado.nombre}`}
      description={`Actual: ${actual.proveedor}, ${formatClp(actual.precio)} / ${unidadCorta(actual.unidad, 1)}.`}
      onClose={onClose}
      className="modal--ancho"
      footer={CERRAR(onClose)}
    >
      {resultado.opciones_adicionales.length === 0 ? (
        <p className="muted">No hay otras opciones para este producto.</p>
      ) : (
        <ul className="opciones">
          {resultado.opciones_adicionales.map((o) => (
            <li key={o.opcion_id} className="opcion">
              <div>
                <OpcionResumen o={o} />
                {efectoDe(o).map((linea) => (
                  <p key={linea} className="muted opcion__efecto">
                    {linea}
                  </p>
                ))}
              </div>
              <button type="button" className="btn btn--secondary" onClick={() => onElegir(o)} aria-label={`Elegir ${o.proveedor}`}>
                Elegir
              </button>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}

/** docs/producto.md §2 Results, §4.4: another supplier for what the selected options leave uncovered. */
export function AgregarProveedorModal({ resultado, onAgregar, onClose }: { resultado: ResultadoComparacion; onAgregar(o: Opcion): void; onClose(): void }) {
  const falta = faltante(resultado);
  return (
    <Modal
      open
      title={`Agregar proveedor: ${resultado.nombre}`}
      description={`Faltan ${cantidadEs(falta)} ${unidadCorta(resultado.unidad, falta)} para completar lo que pediste.`}
      onClose={onClose}
      className="modal--ancho"
      footer={CERRAR(onClose)}
    >
      {resultado.opciones_adicionales.length === 0 ? (
        <p className="muted">No hay otros proveedores con stock de este producto.</p>
      ) : (
        <ul className="opciones">
          {resultado.opciones_adicionales.map((o) => (
            <li key={o.opcion_id} className="opcion">
              <OpcionResumen o={o} cantidad={Math.min(o.stock_disponible, falta)} />
              <button type="button" className="btn btn--secondary" onClick={() => onAgregar(o)} aria-label={`Agregar ${o.proveedor}`}>
                Agregar
              </button>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}

/** docs/producto.md §8 Results: the not-found modal lists product names; the unidentified one the server's message per product. */
export function ListaModal({ title, description, items, onClose }: { title: string; description: string; items: string[]; onClose(): void }) {
  return (
    <Modal open title={title} description={description} onClose={onClose} footer={CERRAR(onClose)}>
      <ul className="lista-modal">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </Modal>
  );
}
