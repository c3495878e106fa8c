// How the supplier's panel writes what it lost on price (docs/producto.md §17, docs/decisions/025).

/** One product's line of 'Cotizaciones perdidas por precio', as GET /api/proveedor/panel/ gives it. */
export interface PerdidaPorPrecio {
  producto: string;
  /** Comparisons of the last 30 days that chose another supplier. */
  veces: number;
  /** Comparisons of the last 30 days that weighed its offer. */
  de: number;
  /** Median of how much dearer its price was than the chosen one, in percent; null when none is known. */
  diferencia_mediana_pct: number | null;
}

// One decimal, as es-CL writes it ('4,2'); a whole number without its ',0'; four digits ungrouped, as format.ts's quantities.
const porcentaje = new Intl.NumberFormat('es-CL', { maximumFractionDigits: 1, useGrouping: 'min2' });

/** A percentage with its space, as Spanish writes it: '4,2 %', '12 %'. */
export const formatPorcentaje = (pct: number) => `${porcentaje.format(pct)} %`;

/**
 * 'Lomo vetado: 12 de 15 · te faltó 4,2 %': how often it lost, of how many, and by how much its price
 * was dearer (the median). A lost offer may have been as cheap or cheaper (the chosen basket saved on
 * delivery or a minimum): the line then says so instead of a negative shortfall. Unknown: left out.
 */
export function formatPerdidaPorPrecio(p: PerdidaPorPrecio): string {
  const linea = `${p.producto}: ${p.veces} de ${p.de}`;
  const pct = p.diferencia_mediana_pct;
  if (pct === null) return linea;
  if (pct > 0) return `${linea} · te faltó ${formatPorcentaje(pct)}`;
  return pct === 0 ? `${linea} · al mismo precio` : `${linea} · tu precio era ${formatPorcentaje(-pct)} más bajo`;
}
