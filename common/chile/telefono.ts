// Chilean phone numbers (SPEC §5), with an optional +56 country code; spaces and dashes are ignored.
const normalizar = (v: string) => v.replace(/[\s-]/g, '');

/** Mobile 9 + 8 digits, Santiago 2 + 7 or 8 digits, regional prefixes + 7 digits. */
const CHILE = /^(\+?56)?(9\d{8}|2\d{7,8}|(3[2-5]|4[1-5]|5[1-8]|6[1-3]|7[1-2])\d{7})$/;

export const EJEMPLOS_TELEFONO = '+56912345678, 912345678, 221234567, 322123456';

export const isTelefonoChileno = (v: string) => CHILE.test(normalizar(v));
