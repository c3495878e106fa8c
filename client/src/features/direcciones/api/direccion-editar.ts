import { direccionSchemaOut } from '../../../../../common/schemas/direcciones';
import { STORAGE_KEYS, storedJson } from '../../../lib/storage';

/** Session storage: the copy of the address chosen with Modificar (SPEC §2, §7), checked when read back. */
export const direccionEditar = storedJson('session', STORAGE_KEYS.direccionEditar, direccionSchemaOut);
