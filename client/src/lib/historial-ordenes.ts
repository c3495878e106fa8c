import { z } from '#common/zod-es';
import { STORAGE_KEYS, storedList } from './storage';

// The buyer's orders, which two features share: compra places them (/facturacion) and ordenes
// lists them (/ordenes), from the server and from this browser.

/** Every query of the buyer's orders on the server starts with this key: placing or annulling one reads them again. */
export const ORDENES_KEY = ['ordenes'] as const;

const texto = z.string().max(300);

/** docs/producto.md §3 Local order history entry (key historialOrdenes): the billing data as names, ready to show. */
export const historialOrdenSchema = z.object({
  orden_id: z.number().int().positive(),
  // A date that does not parse would read 'Invalid Date': such an entry is skipped like any other corrupted one.
  fecha: z
    .string()
    .max(40)
    .refine((v) => !Number.isNaN(Date.parse(v))),
  datos_facturacion: z.object({
    rut: texto,
    razon_social: texto,
    giro_comercial: texto,
    direccion_facturacion: texto,
    telefono: texto,
    region: texto,
    comuna: texto,
    rubro: texto,
    metodo_pago_nombre: texto,
  }),
  /**
   * The account that placed it: that account's /ordenes shows it from the server,
   * so this copy is not shown twice. Absent: placed without an account (or before pedidos existed).
   */
  usuario_id: z.number().int().positive().optional(),
  /** The order's tracking token (/seguimiento/{token}), which the server answers only once. */
  seguimiento: z
    .string()
    .regex(/^[\w-]{1,100}$/)
    .optional(),
});
export type HistorialOrden = z.infer<typeof historialOrdenSchema>;
export type DatosFacturacion = HistorialOrden['datos_facturacion'];

/** Billing names this browser does not know: the order was placed in another one (its e-mail opened on a phone). */
export const SIN_DATOS_FACTURACION: DatosFacturacion = {
  rut: '',
  razon_social: '',
  giro_comercial: '',
  direccion_facturacion: '',
  telefono: '',
  region: '',
  comuna: '',
  rubro: '',
  metodo_pago_nombre: '',
};

/** docs/producto.md §3: no stated cap; 1000 entries keep local storage far from its limit. */
export const historialOrdenes = storedList('local', STORAGE_KEYS.historialOrdenes, historialOrdenSchema, 1000);
