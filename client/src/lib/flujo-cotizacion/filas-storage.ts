import { CANTIDAD_MAX_DIGITOS } from '#common/constants';
import { MAX_FILAS_COTIZACION } from '#common/schemas/cotizaciones-filas';
import { z } from '#common/zod-es';
import { STORAGE_KEYS, storedJson } from '../storage';

// /cotizar's rows in session storage (docs/producto.md §4 Quotation flow 1), read through their schema like
// every stored value (cotizacion-storage.ts re-exports them with the flow's others). A file of
// their own because the table loads only this: the flow's other schemas (the comparison's
// answer, the delivery record with its phone and date rules) cost a phone a long task to build
// as /cotizar opens (docs/decisions/019-primera-pintura.md).

const id = z.number().int().positive().max(2_147_483_647);
const texto = z.string().max(300);

/** docs/producto.md §3 Quotation row, as the table edits it (the quantity as typed). */
export const filaCotizacionSchema = z.object({
  key: z.string().min(1).max(40),
  categoria: id.nullable(),
  origen: texto.nullable(),
  marca: texto.nullable(),
  producto: id.nullable(),
  cantidad: z.string().regex(new RegExp(`^([1-9]\\d{0,${CANTIDAD_MAX_DIGITOS - 1}})?$`)),
});
export type FilaCotizacion = z.infer<typeof filaCotizacionSchema>;

export const filasCotizacion = storedJson('session', STORAGE_KEYS.filasCotizacion, z.array(filaCotizacionSchema).max(MAX_FILAS_COTIZACION));
