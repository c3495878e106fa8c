import { resultadoComparacionSchema } from '#common/schemas/comparacion';
import { z } from '#common/zod-es';
import { STORAGE_KEYS, storedJson } from '../storage';

/**
 * The buyer's choice on the results screen (docs/producto.md §4 Quotation flow 4–6), kept in session storage
 * from the first change until the order is placed: a reload, Volver or a failed save never loses
 * it. `guardada` says whether the server has it (PUT actualizar answered); until then the order
 * screen saves it first. Read through its schema like every stored value.
 */
export const seleccionSchema = z.object({
  cotizacion_id: z.number().int().positive(),
  resultados: z.array(resultadoComparacionSchema).max(500),
  guardada: z.boolean(),
});
export type Seleccion = z.infer<typeof seleccionSchema>;

export const seleccionGuardada = storedJson('session', STORAGE_KEYS.seleccion, seleccionSchema);
