import { idSchema } from '#common/numeros';

/** The server's own reading of a path's id (server/http/params.ts); its message is never shown here. */
const idParam = idSchema('');

/**
 * A route's `:id` as the server reads it (plain digits, from 1 to PostgreSQL's integer), or
 * undefined when no record could have it: such a number is not asked for, it is not found.
 */
export function idFromParam(texto: string | undefined): number | undefined {
  const id = idParam.safeParse(texto);
  return id.success ? id.data : undefined;
}

/** The list's `?page=`, read like an id; a missing or mistyped one is the first page. */
export const pageFromParam = (texto: string | null) => idFromParam(texto ?? undefined) ?? 1;
