import { idSchema } from '../numeros';
import { z } from '../zod-es';

/**
 * GET /api/cotizaciones/solicitud/:id/dias-entrega/?comuna=: for the request a buyer is filling
 * in, how many of the suppliers that sell its products deliver to that comuna on each of the next
 * days (docs/decisions/027-dias-de-entrega.md).
 */

/** How many days from today in Chile the answer covers. */
export const DIAS_ENTREGA_VENTANA = 14;

export const COMUNA_INVALIDA = 'Selecciona una comuna válida.';

export const diasEntregaQuerySchema = z.object({ comuna: idSchema(COMUNA_INVALIDA) });

export const diasEntregaSchemaOut = z.object({
  /** Suppliers set up with a live offer of any requested product, wherever and whenever they deliver. */
  total_proveedores: z.number().int(),
  /** The next DIAS_ENTREGA_VENTANA days from today in Chile, 'YYYY-MM-DD', in order; a day no one can deliver says 0. */
  dias: z.array(z.object({ fecha: z.string(), proveedores: z.number().int() })),
  /** The first day all of them can deliver, else the first with the most; null when no day has any. */
  propuesta: z.string().nullable(),
});
export type DiasEntrega = z.infer<typeof diasEntregaSchemaOut>;
export type DiaEntrega = DiasEntrega['dias'][number];

/**
 * The day the answer proposes: the first on which every supplier can deliver, else the first with
 * the most of them; null when no day has any (docs/decisions/027-dias-de-entrega.md).
 */
export function diaPropuesto(dias: readonly DiaEntrega[], total: number): string | null {
  let mejor: DiaEntrega | undefined;
  for (const d of dias) {
    if (d.proveedores === 0) continue;
    if (d.proveedores >= total) return d.fecha;
    if (!mejor || d.proveedores > mejor.proveedores) mejor = d;
  }
  return mejor?.fecha ?? null;
}
