import { z } from '../../../../../common/zod-es';
import { STORAGE_KEYS, storedList } from '../../../lib/storage';

// The signup's clave_activacion, kept by the browser that signed up: sent with the activation
// link, it makes the password typed at signup the account's (docs/decisions/003). Opened
// anywhere else, the link asks for a password instead. A few entries at most, newest last.
const entradaSchema = z.object({ uid: z.string().min(1).max(64), clave: z.string().min(1).max(128) });
const claves = storedList('local', STORAGE_KEYS.clavesActivacion, entradaSchema, 5);

/** The uid of an activation link for an account id, as the server writes it (base64url of the id, unpadded). */
export const uidDeId = (id: number) => btoa(String(id)).replace(/=+$/, '');

export function guardarClaveActivacion(id: number, clave: string) {
  const uid = uidDeId(id);
  claves.set([...(claves.get() ?? []).filter((e) => e.uid !== uid), { uid, clave }]);
}

export const claveActivacionDe = (uid: string): string | undefined => claves.get()?.find((e) => e.uid === uid)?.clave;

export function olvidarClaveActivacion(uid: string) {
  const resto = (claves.get() ?? []).filter((e) => e.uid !== uid);
  if (resto.length > 0) claves.set(resto);
  else claves.remove();
}
