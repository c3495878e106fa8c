import { z } from '../zod-es';

/**
 * The supplier's start (docs/decisions/024): the three steps of its checklist, each done or not.
 * Its offers enter comparisons once `empresa` and `condiciones` are both done (`visible`).
 */
export const onboardingSchema = z.object({
  empresa: z.boolean(),
  condiciones: z.boolean(),
  productos: z.boolean(),
  visible: z.boolean(),
});
export type Onboarding = z.infer<typeof onboardingSchema>;

/** What the supplier's product list and panel say while its offers are not compared yet. */
export const PRODUCTOS_NO_VISIBLES = 'Tus productos aún no aparecen en las cotizaciones: completa los datos de tu empresa y tus condiciones de despacho.';

/** GET /api/proveedor/panel/: what the supplier has to do today and where its prices lose (docs/decisions/025). */
export const panelSchemaOut = z.object({
  onboarding: onboardingSchema,
  /** Pedidos waiting for its answer (the menu's count). */
  pedidos_pendientes: z.number().int(),
  /** Pedidos accepted whose delivery day is today (America/Santiago), not yet dispatched. */
  por_despachar_hoy: z.number().int(),
  /** Lots with stock that expire within 7 days, soonest first. */
  lotes_por_vencer: z.array(
    z.object({
      lote_id: z.number().int(),
      proveedor_producto_id: z.number().int(),
      producto: z.string(),
      unidad: z.string(),
      cantidad: z.number(),
      fecha_expiracion: z.string(),
    }),
  ),
  /** Live offers with no stock left in any lot. */
  sin_stock: z.array(z.object({ proveedor_producto_id: z.number().int(), producto: z.string(), sku: z.string() })),
  /** Sales of the last 30 days by product, largest amount first. */
  ventas_30_dias: z.array(z.object({ producto_id: z.number().int(), producto: z.string(), unidad: z.string(), cantidad: z.number(), monto: z.number().int() })),
  /**
   * Per product: in how many comparisons of the last 30 days its offer was weighed (`de`) and how
   * many of those chose another supplier (`veces`), with the median of how much dearer its price
   * was than the chosen one, in percent (one decimal).
   */
  perdidas_por_precio: z.array(
    z.object({
      producto_id: z.number().int(),
      producto: z.string(),
      veces: z.number().int(),
      de: z.number().int(),
      diferencia_mediana_pct: z.number().nullable(),
    }),
  ),
});
export type Panel = z.infer<typeof panelSchemaOut>;
