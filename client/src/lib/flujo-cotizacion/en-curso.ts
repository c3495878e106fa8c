/**
 * The flow's own ways back to /cotizar (Volver, Modificar productos) say so in the navigation
 * state: the rows there are the quotation in progress, not rows restored from one before.
 */
export const EN_CURSO = { cotizacionEnCurso: true } as const;

export const isEnCurso = (state: unknown) => typeof state === 'object' && state !== null && (state as Record<string, unknown>).cotizacionEnCurso === true;
