import { type CondicionesDespacho, mensajesDespacho } from '#common/despacho';
import { SIN_TERMINOS } from '#common/total-entregado';
import { type CompararPrecios, type CondicionesProveedor, type MotivoExclusion, mensajesComparacion } from '#common/schemas/comparacion';
import type { Canasta } from './canasta/canasta';
import type { createEntregas, Exclusion } from './motor/elegibles';
import type { OfertaViva } from './motor/ofertas-vivas';

/** One line as the comparison prepared it: the offers a buyer can receive, and why the others did not count. */
interface Preparada {
  vivas: readonly OfertaViva[];
  avisos: readonly string[];
  excluidas: readonly Exclusion[];
}

type Despacho = Pick<CompararPrecios, 'proveedores' | 'condiciones_proveedores' | 'proveedores_excluidos' | 'sugerencias_despacho'>;

/**
 * What the answer says about delivery: the selection's suppliers with their part and
 * fee, the terms of every supplier with an option (the screen recomputes fees with them), how many
 * suppliers were left out and why, the free-delivery nudges, and each line's avisos.
 */
export function despachoDeCanasta({
  preparadas,
  canasta,
  condiciones,
  entregas,
  fecha,
}: {
  preparadas: readonly Preparada[];
  canasta: Canasta;
  condiciones: ReadonlyMap<number, CondicionesDespacho>;
  entregas: ReturnType<typeof createEntregas>;
  /** The quotation's delivery day, else today: what the exclusions by day name. */
  fecha: string;
}): { respuesta: Despacho; avisos: string[][] } {
  const nombres = new Map<number, string>();
  for (const p of preparadas) for (const o of p.vivas) nombres.set(o.proveedor_id, o.proveedor);
  const terminosDe = (proveedor_id: number): CondicionesProveedor => {
    const c = condiciones.get(proveedor_id) ?? SIN_TERMINOS;
    const entrega = entregas.entregaDe(proveedor_id, nombres.get(proveedor_id) ?? '');
    return {
      proveedor_id,
      proveedor: nombres.get(proveedor_id) ?? '',
      monto_minimo: c.monto_minimo,
      costo_despacho: c.costo_despacho,
      despacho_gratis_desde: c.despacho_gratis_desde,
      fecha_entrega: 'dia' in entrega ? entrega.dia : fecha,
    };
  };

  const bajoMinimo = new Set(canasta.bajo_minimo);
  const avisos = preparadas.map((p) => {
    const propios = [...p.avisos];
    for (const o of p.vivas) {
      if (bajoMinimo.has(o.proveedor_id)) propios.push(mensajesDespacho.noAlcanzaMinimo(o.proveedor, condiciones.get(o.proveedor_id)?.monto_minimo ?? 0));
    }
    return [...new Set(propios)];
  });

  const excluidos = new Map<MotivoExclusion, Set<number>>([
    ['comuna', new Set()],
    ['dia', new Set()],
    ['minimo', bajoMinimo],
  ]);
  for (const p of preparadas) for (const e of p.excluidas) excluidos.get(e.motivo)!.add(e.proveedor_id);
  const mensaje = {
    comuna: mensajesComparacion.excluidosComuna,
    dia: (n: number) => mensajesComparacion.excluidosDia(n, fecha),
    minimo: mensajesComparacion.excluidosMinimo,
  };
  const proveedores_excluidos = [...excluidos]
    .filter(([, ids]) => ids.size > 0)
    .map(([motivo, ids]) => ({ motivo, cantidad: ids.size, mensaje: mensaje[motivo](ids.size) }));

  const proveedores = canasta.proveedores.map((p) => ({ ...terminosDe(p.proveedor_id), subtotal: p.subtotal }));
  // Adding products worth less than the fee it saves lowers the landed total.
  const sugerencias_despacho = canasta.proveedores.flatMap((p) => {
    const gratis = condiciones.get(p.proveedor_id)?.despacho_gratis_desde ?? null;
    if (p.costo_despacho <= 0 || gratis === null) return [];
    const monto_faltante = gratis - p.subtotal;
    if (monto_faltante <= 0 || monto_faltante >= p.costo_despacho) return [];
    const proveedor = nombres.get(p.proveedor_id) ?? '';
    return [{ proveedor_id: p.proveedor_id, proveedor, monto_faltante, mensaje: mensajesComparacion.despachoGratis(monto_faltante, proveedor) }];
  });

  return {
    respuesta: {
      proveedores,
      condiciones_proveedores: [...nombres.keys()].map(terminosDe),
      proveedores_excluidos,
      sugerencias_despacho,
    },
    avisos,
  };
}
