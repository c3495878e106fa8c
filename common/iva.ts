import { z } from './zod-es';

/**
 * IVA (docs/decisions/026): every price and delivery fee on Abastece is net, as Chilean B2B prices
 * are; every document a buyer or supplier reads (a comparison, a purchase summary, an order, a
 * pedido, the printed purchase order, an e-mail) adds 19 % once, on its whole neto, rounded to the
 * peso — never line by line, so a document's IVA is exactly what its invoice will say.
 */
export const TASA_IVA = 19;

/** The IVA of a document whose net amount is `neto`, in whole pesos (half a peso rounds up). */
export const ivaDe = (neto: number): number => Math.round((neto * TASA_IVA) / 100);

export const montosIvaSchema = z.object({
  /** Net: before IVA. */
  neto: z.number().int(),
  /** 19 % of neto, rounded to the peso once. */
  iva: z.number().int(),
  /** neto + iva. */
  total_con_iva: z.number().int(),
});
export type MontosIva = z.infer<typeof montosIvaSchema>;

/** A document's three amounts from its net amount. */
export function conIva(neto: number): MontosIva {
  const iva = ivaDe(neto);
  return { neto, iva, total_con_iva: neto + iva };
}

/** How prices read wherever they are listed or compared. */
export const PRECIOS_NETOS = 'Precios netos, sin IVA.';
