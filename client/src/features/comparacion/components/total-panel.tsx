import type { ResultadoComparacion } from '#common/schemas/comparacion';
import { formatClp } from '#common/format';
import { conIva } from '#common/iva';
import { MontosIva } from '../../../ui/montos-iva';
import type { Entrega } from './seleccion';
import { comparacionUltimaVez, textoComparacionUltimaVez } from './ultima-vez';

/**
 * The landed total of the choice as it stands now (common/total-entregado.ts through entregaDe): net,
 * as every price, then its Neto / IVA / Total as the order will charge them (docs/decisions/026); and
 * what its products bought before cost against the same quantities at last time's prices. Its Comprar
 * is the bar's (barra-compra.tsx).
 */
export function TotalPanel({ entrega, productos, resultados }: { entrega: Entrega; productos: number; resultados: readonly ResultadoComparacion[] }) {
  const ultimaVez = comparacionUltimaVez(resultados);
  return (
    <section className="panel resultado__total" aria-label="Total">
      <dl className="resultado__total-resumen">
        <div>
          <dt>Productos</dt>
          <dd>{productos}</dd>
        </div>
        <div>
          <dt>Proveedores</dt>
          <dd>{entrega.bloques.length}</dd>
        </div>
        <div>
          <dt>Total productos</dt>
          <dd>{formatClp(entrega.total_productos)}</dd>
        </div>
        <div>
          <dt>Despacho</dt>
          <dd>{entrega.total_despacho === 0 ? 'Gratis' : formatClp(entrega.total_despacho)}</dd>
        </div>
      </dl>
      <MontosIva montos={conIva(entrega.total)} label="Montos de la compra" />
      {ultimaVez && (
        <dl className="resultado__total-ultima-vez">
          <dt>Productos que ya compraste</dt>
          <dd>{textoComparacionUltimaVez(ultimaVez)}</dd>
        </dl>
      )}
    </section>
  );
}
