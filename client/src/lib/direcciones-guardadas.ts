import type { Direccion } from '#common/schemas/direcciones';
import { api } from './api-client';

// A user's saved addresses, which two features read: direcciones lists and edits them, and the
// quotation's delivery form (cotizaciones) prefills from the active one (docs/producto.md §2). One call, one
// cache key, so both read one cache.

export const DIRECCIONES_KEY = ['direcciones'] as const;

/** The fields of a saved address that a quotation's delivery data copies (the date is the quotation's own). */
const CAMPOS_DIRECCION = ['nombre_contacto', 'correo_contacto', 'telefono_contacto', 'direccion_envio', 'region', 'comuna'] as const;
type CamposDireccion = Partial<Record<(typeof CAMPOS_DIRECCION)[number], unknown>>;

/**
 * Whether a form still holds this saved address: the same contact and place, whatever else changed
 * (the delivery date). A form's selects hold ids as text, so values compare as text, '' as none.
 */
export const isMismaDireccion = (d: Direccion, valores: CamposDireccion) => CAMPOS_DIRECCION.every((c) => String(d[c] ?? '') === String(valores[c] ?? ''));

export const getDirecciones = () => api<Direccion[]>('/api/cotizaciones/direccion/obtener/', { auth: true });
