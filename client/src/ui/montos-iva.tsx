import type { MontosIva as Montos } from '#common/iva';
import { TASA_IVA } from '#common/iva';
import { formatClp } from '#common/format';
import './montos-iva.css';

interface MontosIvaProps {
  montos: Montos;
  /** A claim's accepted credit, already taken out of neto. */
  credito?: number;
  /** The list's accessible name. */
  label?: string;
  /** The last row's words ('Total de la compra'). */
  totalLabel?: string;
  /** For a list row: the total with 'IVA incl.' and the neto under it, on a phone too. */
  compacta?: boolean;
}

/**
 * A document's Neto, IVA and Total (docs/decisions/026: prices are net, IVA is added once on the
 * document's whole neto): under a pedido's lines, an order, the results, the purchase summary and
 * the printed purchase order alike. `credito` is a claim's accepted credit, already taken out of neto.
 */
export function MontosIva({ montos, credito, label = 'Montos', totalLabel = 'Total', compacta = false }: MontosIvaProps) {
  if (compacta)
    return (
      <dl className="montos-iva montos-iva--compacta" aria-label={label}>
        <div className="montos-iva__fila montos-iva__fila--total">
          <dt>{totalLabel}</dt>
          <dd>
            {formatClp(montos.total_con_iva)} <span className="montos-iva__nota">IVA incl.</span>
          </dd>
        </div>
        <div className="montos-iva__fila montos-iva__fila--neto">
          <dt>Neto</dt>
          <dd>{formatClp(montos.neto)}</dd>
        </div>
      </dl>
    );
  return (
    <dl className="montos-iva" aria-label={label}>
      {credito !== undefined && credito > 0 && (
        <div className="montos-iva__fila">
          <dt>Crédito por reclamo</dt>
          <dd>−{formatClp(credito)}</dd>
        </div>
      )}
      <div className="montos-iva__fila">
        <dt>Neto</dt>
        <dd>{formatClp(montos.neto)}</dd>
      </div>
      <div className="montos-iva__fila">
        <dt>IVA ({TASA_IVA} %)</dt>
        <dd>{formatClp(montos.iva)}</dd>
      </div>
      <div className="montos-iva__fila montos-iva__fila--total">
        <dt>{totalLabel}</dt>
        <dd>{formatClp(montos.total_con_iva)}</dd>
      </div>
    </dl>
  );
}
