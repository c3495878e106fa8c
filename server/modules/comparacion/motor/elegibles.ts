import { type CondicionesDespacho, mensajesDespacho, primerDiaDespacho, puedeDespachar } from '#common/despacho';
import type { MotivoExclusion } from '#common/schemas/comparacion';
import { type Oferta, type OfertaViva, ofertaViva } from './ofertas-vivas';

/**
 * Which offers a buyer can really receive: its supplier delivers to the
 * quotation's comuna and on its delivery day (weekday and cut-off against now), and the offer has
 * stock that outlives that day. Pure: the clock and the terms come in.
 *
 * Every offer read for a comparison is of a supplier set up, terms saved (ofertasComparables,
 * docs/decisions/024): one without terms here is not set up, and its offers never count.
 */

export interface Comprador {
  /** The quotation's comuna; null when it has no delivery record (no comuna to check). */
  comuna: { id: number; nombre: string } | null;
  /** The requested delivery day 'YYYY-MM-DD', or null: each supplier's first possible day. */
  fecha: string | null;
  /** Today in Chile 'YYYY-MM-DD'. */
  hoy: string;
  ahora: Date;
}

/**
 * How a supplier stands for this quotation: the day it delivers, why it does not, or not set up
 * (no terms: nothing to say to the buyer, who never sees its offers).
 */
export type Entrega = { dia: string } | { motivo: MotivoExclusion; aviso: string } | { sinCondiciones: true };
const SIN_CONDICIONES: Entrega = { sinCondiciones: true };

export interface Exclusion {
  proveedor_producto_id: number;
  proveedor_id: number;
  motivo: MotivoExclusion;
  aviso: string;
}

/** The suppliers' standing, computed once per supplier and request. */
export function createEntregas(comprador: Comprador, condicionesDe: (proveedorId: number) => CondicionesDespacho | undefined) {
  const porProveedor = new Map<number, Entrega>();
  const entregaDe = (proveedorId: number, proveedor: string): Entrega => {
    let e = porProveedor.get(proveedorId);
    if (e) return e;
    const c = condicionesDe(proveedorId);
    if (!c) e = SIN_CONDICIONES;
    else if (comprador.comuna && !c.comunas.includes(comprador.comuna.id))
      e = { motivo: 'comuna', aviso: mensajesDespacho.noDespachaComuna(proveedor, comprador.comuna.nombre) };
    else if (comprador.fecha === null) e = { dia: primerDiaDespacho(c, comprador.ahora) };
    else if (puedeDespachar(c, comprador.fecha, comprador.ahora)) e = { dia: comprador.fecha };
    else e = { motivo: 'dia', aviso: mensajesDespacho.noDespachaDia(proveedor, comprador.fecha) };
    porProveedor.set(proveedorId, e);
    return e;
  };
  return {
    entregaDe,
    /**
     * One product's offers a buyer can receive, and why its other offers with stock did not count.
     * An offer that is out of the terms but has no stock for the day anyway says nothing.
     */
    elegibles(ofertas: readonly Oferta[]): { vivas: OfertaViva[]; avisos: string[]; excluidas: Exclusion[] } {
      const vivas: OfertaViva[] = [];
      const avisos: string[] = [];
      const excluidas: Exclusion[] = [];
      for (const o of ofertas) {
        const e = entregaDe(o.proveedor_id, o.proveedor);
        const viva = ofertaViva(o, 'dia' in e ? e.dia : (comprador.fecha ?? comprador.hoy));
        if (!viva || 'sinCondiciones' in e) continue;
        if ('dia' in e) vivas.push(viva);
        else {
          avisos.push(e.aviso);
          excluidas.push({ proveedor_producto_id: o.proveedor_producto_id, proveedor_id: o.proveedor_id, motivo: e.motivo, aviso: e.aviso });
        }
      }
      return { vivas, avisos, excluidas };
    },
  };
}
