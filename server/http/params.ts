import { z } from '../../common/zod-es';

const ID_INVALIDO = 'Identificador inválido.';

/** A path's `:id`, bounded to PostgreSQL's integer: a larger id is a client error, not a database one. */
export const idParams = z.object({ id: z.coerce.number({ error: ID_INVALIDO }).int(ID_INVALIDO).positive(ID_INVALIDO).max(2_147_483_647, ID_INVALIDO) });
