// Formatting shared by every screen: es-CL money and es-ES / es-CL dates (SPEC §2).

/** 'YYYY-MM-DD' as es-ES writes it (17/5/1990), read as a calendar date, not an instant. */
export function formatFechaEs(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(y!, m! - 1, d!).toLocaleDateString('es-ES');
}

/** An instant in the es-CL long format ('22 de noviembre de 2026'). */
export const formatFechaLarga = (date: Date | string) => new Date(date).toLocaleDateString('es-CL', { year: 'numeric', month: 'long', day: 'numeric' });

// One formatter for every call: building an Intl.NumberFormat costs far more than formatting with it.
const clp = new Intl.NumberFormat('es-CL', { style: 'currency', currency: 'CLP', maximumFractionDigits: 0 });
export const formatClp = (pesos: number) => clp.format(pesos);
