import { z } from '../zod-es';
import { idNombreSchema } from './catalogo';

export const rubrosSchema = z.array(idNombreSchema);
export const metodosPagoSchema = z.array(idNombreSchema);
