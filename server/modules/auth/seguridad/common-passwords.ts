import { AppError } from '#server/errors';

// Passwords that appear at the top of every breach list (SecLists' most common, Spanish ones
// added). docs/producto.md §5 asks only for 6 characters; docs/decisions/003 adds this check.
const COMUNES = new Set(
  `123456 1234567 12345678 123456789 1234567890 0123456789 111111 000000 123123 654321 666666 121212 112233 987654321 123321 1q2w3e 1q2w3e4r qwerty qwerty123 qwertyuiop
  asdfgh asdfghjk zxcvbn password password1 passw0rd abc123 abcdef abcd1234 iloveyou letmein welcome monkey dragon master shadow sunshine princess football baseball
  superman batman trustno1 secret secreto contraseña contrasena clave clave123 hola123 holahola teamo teamo123 tequiero chile chile123 santiago colocolo colocolo1
  universidad bancoestado 11111111 12341234 696969 159753 147258 147258369 789456 789456123 aaaaaa abcabc qazwsx 102030 10203040 pokemon naruto micontraseña
  mipassword usuario usuario1 admin admin123 administrador root toor test test123 prueba prueba123 demo demo123 abastece`.split(/\s+/),
);

export const isCommonPassword = (password: string) => COMUNES.has(password.trim().toLowerCase());
export const CONTRASENA_COMUN = 'Esta contraseña es demasiado común.';

/** A 400 on `field` when the password is one of the common ones (signup, activation, reset, set_password). */
export function assertNotCommon(field: string, password: string): void {
  if (isCommonPassword(password)) throw new AppError(400, { [field]: [CONTRASENA_COMUN] });
}
