/**
 * 'Corregir y reenviar' on a rejected product of the supplier's list: its data corrected and sent
 * to moderation again (docs/decisions/009). `ofertaId` is the rejected row's proveedor_producto id.
 */
export function ReenviarProducto(_props: { ofertaId: number }) {
  return null;
}
