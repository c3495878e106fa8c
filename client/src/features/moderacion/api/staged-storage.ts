import { accionModeracionSchema, MOTIVO_MAX, productoPendienteSchema } from '#common/schemas/moderacion';
import { z } from '#common/zod-es';
import { STORAGE_KEYS, storedList } from '../../../lib/storage';

const stagedSchema = productoPendienteSchema.extend({ accion: accionModeracionSchema, motivo: z.string().max(MOTIVO_MAX) });

/**
 * Session storage: the staged decisions with their typed reasons (reloading
 * /moderacion-productos lost them). A tampered entry is skipped; a few hundred at most are kept.
 */
export const stagedGuardados = storedList('session', STORAGE_KEYS.moderacionStaged, stagedSchema, 500);
