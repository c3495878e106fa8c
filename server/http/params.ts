import { z } from '#common/zod-es';
import { idSchema } from '#common/numeros';

/** A path's `:id`: plain decimal digits naming a record ('+1', '0x10' or '1.0' name none). */
export const idParams = z.object({ id: idSchema('Identificador inválido.') });
