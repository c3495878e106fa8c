import { conIva } from '#common/iva';
import { MontosIva } from '../../../ui/montos-iva';
import { SubmitButton } from '../../../ui/form-controls';

/** Why Comprar waits, in one short line: the suppliers under their minimum (the alert above lists them). */
export const textoFaltaMinimo = (proveedores: number) =>
  `Falta alcanzar el pedido mínimo de ${proveedores === 1 ? '1 proveedor' : `${proveedores} proveedores`}`;

interface BarraCompraProps {
  /** The choice's landed total, net (entregaDe); null when no supplier can serve the request. */
  total: number | null;
  /** Suppliers of the choice under their minimum: Comprar waits for them. */
  bajoMinimo: number;
  /** The id of the alert that lists them, which the reason and Comprar point to. */
  alertaId: string;
  busy: boolean;
  onComprar(): void;
  /** Takes the buyer to that alert. */
  onVerMinimo(): void;
}

/**
 * The total and Comprar, at the bottom of the window on every width while the page scrolls
 * (docs/decisions/018, 'En el teléfono'): the page's one Comprar. It sticks to the bottom of the
 * page's own box, so at the end of the page it sits under the last content instead of over it.
 */
export function BarraCompra({ total, bajoMinimo, alertaId, busy, onComprar, onVerMinimo }: BarraCompraProps) {
  const motivoId = `${alertaId}-motivo`;
  return (
    <section className="barra-compra" aria-label="Resumen de la compra">
      <div className="barra-compra__contenido">
        {total !== null && <MontosIva montos={conIva(total)} label="Monto a pagar" />}
        <SubmitButton
          type="button"
          className="btn btn--primary btn--lg barra-compra__comprar"
          busy={busy}
          disabled={total === null || bajoMinimo > 0}
          aria-describedby={bajoMinimo > 0 ? `${motivoId} ${alertaId}` : undefined}
          onClick={onComprar}
        >
          Comprar
        </SubmitButton>
      </div>
      {bajoMinimo > 0 && (
        <button type="button" id={motivoId} className="barra-compra__motivo" onClick={onVerMinimo}>
          {textoFaltaMinimo(bajoMinimo)}
        </button>
      )}
    </section>
  );
}
