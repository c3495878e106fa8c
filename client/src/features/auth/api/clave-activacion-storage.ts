import { z } from '#common/zod-es';
import { STORAGE_KEYS, storedList } from '../../../lib/storage';

// The signup's clave_activacion, kept by the browser that signed up: sent with the activation
// link, it makes the password typed at signup the account's (docs/decisions/003). Opened
// anywhere else, the link asks for a password instead. Kept by e-mail: the signup's answer has
// no account id (that would tell which addresses have accounts), and the activation page learns
// the link's e-mail from POST /auth/users/activation/datos/. A few entries at most, newest last.
const entradaSchema = z.object({ email: z.string().min(1).max(254), clave: z.string().min(1).max(128) });
const claves = storedList('local', STORAGE_KEYS.clavesActivacion, entradaSchema, 5);

/** One mailbox, whatever the letter case it was typed in. */
const clave = (email: string) => email.trim().toLowerCase();

export function guardarClaveActivacion(email: string, valor: string) {
  const key = clave(email);
  claves.set([...(claves.get() ?? []).filter((e) => e.email !== key), { email: key, clave: valor }]);
}

export const claveActivacionDe = (email: string): string | undefined => claves.get()?.find((e) => e.email === clave(email))?.clave;

export function olvidarClaveActivacion(email: string) {
  const resto = (claves.get() ?? []).filter((e) => e.email !== clave(email));
  if (resto.length > 0) claves.set(resto);
  else claves.remove();
}
