import { CLAVE_COTIZACION_HEADER } from '#common/schemas/cotizaciones';

/** Headers of a call on a saved quotation record: its clave, which is what lets an anonymous buyer edit it. */
export const claveHeaders = (clave: string | null | undefined): Record<string, string> | undefined =>
  clave ? { [CLAVE_COTIZACION_HEADER]: clave } : undefined;
