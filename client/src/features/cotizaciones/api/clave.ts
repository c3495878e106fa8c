import { CLAVE_HEADER } from '../components/mensajes-provisionales';

/** Headers of a call on a saved quotation record: its clave, which is what lets an anonymous buyer edit it. */
export const claveHeaders = (clave: string | null | undefined): Record<string, string> | undefined => (clave ? { [CLAVE_HEADER]: clave } : undefined);
