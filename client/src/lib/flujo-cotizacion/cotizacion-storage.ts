import { compararPreciosSchemaOut } from '#common/schemas/comparacion';
import { cotizanteSchemaOut, type Solicitud, solicitudSchemaOut } from '#common/schemas/cotizaciones';
import { z } from '#common/zod-es';
import { STORAGE_KEYS, storedJson, storedList } from '../storage';

// What the quotation flow keeps in session storage between its three screens (docs/producto.md §4 Quotation
// flow 1–3). Storage is user-editable: each value is read through its schema, and a value that
// fails it is dropped (the screen then starts over), never trusted and never a blank screen.

const id = z.number().int().positive().max(2_147_483_647);
const texto = z.string().max(300);

// The table's rows have a file of their own, the one /cotizar loads (filas-storage.ts says why).
export { type FilaCotizacion, filaCotizacionSchema, filasCotizacion } from './filas-storage';

/** The saved request (docs/producto.md §3 Request), with the clave that lets an anonymous buyer edit it. */
export const solicitudGuardada = storedJson('session', STORAGE_KEYS.solicitud, solicitudSchemaOut);

/** The quotation's own delivery record (docs/producto.md §3 Delivery data) as the server saved it, for this request. */
const cotizanteGuardadoSchema = cotizanteSchemaOut.extend({ solicitud_id: id });
export type CotizanteGuardado = z.infer<typeof cotizanteGuardadoSchema>;
export const cotizanteGuardado = storedJson('session', STORAGE_KEYS.cotizante, cotizanteGuardadoSchema);

export type SolicitudGuardada = Solicitud;

/** The comparison's answer as the server gave it (docs/producto.md §4.3), read by the results screen. */
export const cotizacionGuardada = storedJson('session', STORAGE_KEYS.cotizacion, compararPreciosSchemaOut);

/** docs/producto.md §3 Local quotation history entry; cotizacion_id is the number the history shows. */
export const historialCotizacionSchema = z.object({
  cotizacion_id: id.optional(),
  // A date that does not parse would read 'Invalid Date': such an entry is skipped like any other corrupted one.
  fecha: z
    .string()
    .max(40)
    .refine((v) => !Number.isNaN(Date.parse(v))),
  productos: z
    .array(
      z.object({
        // Its product, for 'Cotizar de nuevo'; entries written before it was kept have none.
        producto: id.optional(),
        categoria: texto,
        origen: texto,
        marca: texto,
        producto_nombre: texto,
        unidad: texto,
        cantidad: z.number(),
      }),
    )
    .max(200),
  /**
   * The account that made it: that account's /historial shows it from the server, so this copy is
   * not shown twice (docs/decisions/022). Absent: made without a session (or before the server kept histories).
   */
  usuario_id: id.optional(),
});
export type HistorialCotizacion = z.infer<typeof historialCotizacionSchema>;
export const historialCotizaciones = storedList('local', STORAGE_KEYS.historialCotizaciones, historialCotizacionSchema, 1000);
