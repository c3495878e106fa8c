import { direccionSchemaOut } from '#common/schemas/direcciones';
import { STORAGE_KEYS, storedJson } from '../../../lib/storage';

/** Session storage: the copy of the address chosen with Modificar (docs/producto.md §2, §7), checked when read back. */
export const direccionEditar = storedJson('session', STORAGE_KEYS.direccionEditar, direccionSchemaOut);

/** The link to edit an address: its id travels in the URL, so a new tab (without the session copy) opens it too. */
export const rutaEditarDireccion = (id: number) => `/direcciones-editar?id=${id}`;
