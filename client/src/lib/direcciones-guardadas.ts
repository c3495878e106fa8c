import type { Direccion } from '../../../common/schemas/direcciones';
import { api } from './api-client';

// A user's saved addresses, which two features read: direcciones lists and edits them, and the
// quotation's delivery form (cotizaciones) prefills from the active one (SPEC §2). One call, one
// cache key, so both read one cache.

export const DIRECCIONES_KEY = ['direcciones'] as const;

export const getDirecciones = () => api<Direccion[]>('/api/cotizaciones/direccion/obtener/', { auth: true });
