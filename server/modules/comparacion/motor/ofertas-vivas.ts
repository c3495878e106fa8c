import { redondearCentesimas } from '#common/numeros';
import type { Rango } from '#common/precio';

/** A lot with stock: how much it holds and the day it expires (YYYY-MM-DD). */
export interface LoteConStock {
  cantidad: number;
  fecha_expiracion: string;
}

/** An offer of an approved product with what pricing it needs and its lots with stock, for any delivery date. */
export interface Oferta {
  proveedor_producto_id: number;
  producto_id: number;
  proveedor_id: number;
  /** The supplier as a buyer knows it: its company name, else the person's name. */
  proveedor: string;
  tarifa: number;
  /** Priced tiers, lowest limite_inferior first. */
  rangos: Rango[];
  /** Its lots that still hold stock, first to expire first. */
  lotes: LoteConStock[];
}

/** An offer that can be bought for a delivery date (DESIGN §3.1), with what pricing it needs. */
export interface OfertaViva extends Omit<Oferta, 'lotes'> {
  /** Sum of the usable lots. */
  stock: number;
  /** YYYY-MM-DD: when the first usable lot expires, the one an order takes first (FEFO). */
  fecha_vencimiento: string;
}

/**
 * The offers of the given products that can be bought for a delivery date (YYYY-MM-DD): DESIGN
 * §3.1, a lot that expires on or before the delivery day never counts, and an offer with no lot
 * left is no offer. Pure, so the cached offers (comparacion-cache.ts) and the database answer the same.
 */
export function ofertasVivas(ofertas: readonly Oferta[], fecha: string): OfertaViva[] {
  const vivas: OfertaViva[] = [];
  for (const o of ofertas) {
    const viva = ofertaViva(o, fecha);
    if (viva) vivas.push(viva);
  }
  return vivas;
}

/** One offer as it can be bought for a delivery date, or undefined when no lot outlives that day. */
export function ofertaViva(o: Oferta, fecha: string): OfertaViva | undefined {
  let stock = 0;
  let fecha_vencimiento: string | undefined;
  for (const l of o.lotes) {
    if (l.fecha_expiracion <= fecha) continue;
    stock += l.cantidad;
    fecha_vencimiento ??= l.fecha_expiracion;
  }
  if (fecha_vencimiento === undefined) return undefined;
  // Spelled out, not spread: ~1,500 offers per comparison, and a spread copy cost more than the engine.
  return {
    proveedor_producto_id: o.proveedor_producto_id,
    producto_id: o.producto_id,
    proveedor_id: o.proveedor_id,
    proveedor: o.proveedor,
    tarifa: o.tarifa,
    rangos: o.rangos,
    // Lots hold hundredths: a float sum of them is rounded back to what the database would add up.
    stock: redondearCentesimas(stock),
    fecha_vencimiento,
  };
}
