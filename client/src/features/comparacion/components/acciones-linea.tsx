import type { Opcion, ResultadoComparacion } from '#common/schemas/comparacion';
import { faltante } from './seleccion';

/** What a line of the choice lets the buyer do: see the product's other offers, or add a supplier for what is missing. */
export interface AccionesLinea {
  alternativas(r: ResultadoComparacion, o: Opcion): void;
  agregar(r: ResultadoComparacion): void;
}

/** 'Alternativas' for every line; 'Agregar proveedor' on a product's first line while something is missing and another offer exists. */
export function BotonesLinea({ r, o, primera, acciones }: { r: ResultadoComparacion; o: Opcion; primera: boolean; acciones: AccionesLinea }) {
  return (
    <div className="resultado__botones">
      <button
        type="button"
        className="btn btn--ghost"
        disabled={r.opciones_adicionales.length === 0}
        onClick={() => acciones.alternativas(r, o)}
        aria-label={`Ver alternativas a ${o.proveedor} para ${o.producto}`}
      >
        Alternativas
      </button>
      {primera && faltante(r) > 0 && r.opciones_adicionales.length > 0 && (
        <button type="button" className="btn btn--secondary" onClick={() => acciones.agregar(r)} aria-label={`Agregar proveedor para ${o.producto}`}>
          Agregar proveedor
        </button>
      )}
    </div>
  );
}
