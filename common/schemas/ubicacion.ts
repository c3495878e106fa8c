import { z } from '../zod-es';
import { idNombreSchema } from './catalogo';
import { idSchema } from '../numeros';

export const regionesSchema = z.array(idNombreSchema);
export const comunasQuerySchema = z.object({
  region: idSchema('La región debe ser un número.'),
});
export const comunasSchema = z.array(idNombreSchema);
