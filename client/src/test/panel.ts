import type { Panel } from '#common/schemas/panel';

/** GET /api/proveedor/panel/ of a supplier with its start done and a quiet month (nothing waits, sold or lost), with `cambios`. */
export const panelDePrueba = (cambios: Partial<Panel> = {}): Panel => ({
  onboarding: { empresa: true, condiciones: true, productos: true, visible: true },
  pedidos_pendientes: 0,
  por_despachar_hoy: 0,
  lotes_por_vencer: [],
  sin_stock: [],
  ventas_30_dias: [],
  perdidas_por_precio: [],
  ...cambios,
});
