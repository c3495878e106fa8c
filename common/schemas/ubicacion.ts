import { z } from '../zod-es';
import { idNombreSchema } from './catalogo';

export const regionesSchema = z.array(idNombreSchema);
export const comunasQuerySchema = z.object({
  region: z.coerce.number({ error: 'La región debe ser un número.' }).int('La región debe ser un número.').positive('La región debe ser un número.'),
});
export const comunasSchema = z.array(idNombreSchema);
