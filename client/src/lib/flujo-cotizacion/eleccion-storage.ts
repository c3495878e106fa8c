import { resultadoComparacionSchema } from '#common/schemas/comparacion';
import { z } from '#common/zod-es';
import { STORAGE_KEYS, storedJson } from '../storage';

/**
 * The buyer's choice on the results screen (docs/producto.md §4 Quotation flow 4–6), kept in session storage
 * from the first change until the order is placed: a reload, Volver or a failed save never loses
 * it. `guardada` says whether the server has it (PUT actualizar answered); until then the order
 * screen saves it first. Read through its schema like every stored value.
 */
export const eleccionSchema = z.object({
  cotizacion_id: z.number().int().positive(),
  resultados: z.array(resultadoComparacionSchema).max(500),
  guardada: z.boolean(),
});
export type Eleccion = z.infer<typeof eleccionSchema>;

export const eleccionGuardada = storedJson('session', STORAGE_KEYS.eleccion, eleccionSchema);
