// The one role type of the whole server (and of anyone else who needs it): roles are flags on
// usuario (docs/producto.md §7), and an account has exactly one of them.
export const ROLES = ['comprador', 'proveedor', 'moderador'] as const;
export type Rol = (typeof ROLES)[number];

export const isRol = (value: unknown): value is Rol => ROLES.includes(value as Rol);

export interface RolFlags {
  is_comprador: boolean;
  is_proveedor: boolean;
  is_moderador: boolean;
}

/** The usuario flags of an account that has `rol`. */
export const rolFlags = (rol: Rol): RolFlags => ({ is_comprador: rol === 'comprador', is_proveedor: rol === 'proveedor', is_moderador: rol === 'moderador' });

export const hasRol = (flags: RolFlags, rol: Rol): boolean => flags[`is_${rol}`];
