/** PostgreSQL's integer, the largest id the server reads from a path (server/http/params.ts). */
const ID_MAXIMO = 2_147_483_647;

/**
 * A route's `:id` as the server reads it (plain digits, from 1 to PostgreSQL's integer), or
 * undefined when no record could have it: such a number is not asked for, it is not found.
 */
export function idFromParam(texto: string | undefined): number | undefined {
  if (!texto || !/^\d{1,10}$/.test(texto)) return undefined;
  const id = Number(texto);
  return id >= 1 && id <= ID_MAXIMO ? id : undefined;
}

/** The list's `?page=`, read like an id; a missing or mistyped one is the first page. */
export const pageFromParam = (texto: string | null) => idFromParam(texto ?? undefined) ?? 1;
