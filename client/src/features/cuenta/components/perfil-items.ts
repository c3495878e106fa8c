/**
 * The profile menu's items (docs/producto.md §2 Profile menu). the product's cards, privacy and billing did nothing:
 * they are left out rather than shown as 'Próximamente' (docs/decisions/017).
 */
export const PERFIL_ITEMS = [
  { label: 'Datos de la cuenta', to: '/mi-cuenta', description: 'Nombre, correo, teléfono y fecha de nacimiento' },
  { label: 'Direcciones', to: '/direcciones', description: 'Tus direcciones de despacho' },
  { label: 'Seguridad', to: '/seguridad', description: 'Cambia tu contraseña y cierra tus otras sesiones' },
] as const;

/** What only a supplier's profile shows (the account sidebar does not list it). */
export const PERFIL_ITEMS_PROVEEDOR = [
  { label: 'Mi empresa', to: '/mi-empresa', description: 'Nombre de fantasía, razón social, RUT, giro y dirección' },
  { label: 'Condiciones de despacho', to: '/mis-condiciones', description: 'Comunas, días, pedido mínimo y costo de despacho' },
] as const;

/** What only a buyer's profile shows (docs/producto.md §16). */
export const PERFIL_ITEMS_COMPRADOR = [
  { label: 'Mis listas', to: '/listas', description: 'Lo que compras seguido, para cotizarlo de nuevo con un clic' },
] as const;
