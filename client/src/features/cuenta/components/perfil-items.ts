/** The profile menu's items (SPEC §2 Profile menu); the last four do nothing yet. */
export const PERFIL_ITEMS = [
  { label: 'Datos de la cuenta', to: '/mi-cuenta', description: 'Nombre, correo, teléfono y fecha de nacimiento' },
  { label: 'Direcciones', to: '/direcciones', description: 'Tus direcciones de despacho' },
  { label: 'Tarjetas', to: null, description: 'Medios de pago guardados' },
  { label: 'Seguridad', to: '/seguridad', description: 'Cambia tu contraseña y cierra tus otras sesiones' },
  { label: 'Privacidad', to: null, description: 'Tus datos y permisos' },
  { label: 'Facturación', to: null, description: 'Datos para tus facturas' },
] as const;

/** Issue #22: what only a supplier's profile shows (the account sidebar does not list it). */
export const PERFIL_ITEMS_PROVEEDOR = [
  { label: 'Condiciones de despacho', to: '/mis-condiciones', description: 'Comunas, días, pedido mínimo y costo de despacho' },
] as const;
