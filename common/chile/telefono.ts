// Chilean phone numbers (docs/producto.md §5) by libphonenumber-js: mobiles, Santiago's and every region's
// landlines, written as people write them ('9 8765 4321', '(2) 2345 6789', '+56 65 234 5678').
// Stored in E.164 ('+56652345678') and shown in the international format (docs/decisions/017).
import { parsePhoneNumberFromString, type PhoneNumber } from 'libphonenumber-js/core';
import { METADATA_CHILE } from './telefono-metadata';

export const EJEMPLOS_TELEFONO = '+56 9 1234 5678, 912345678, (2) 2345 6789, 652345678';

// Digits and the signs people write between them; anything else (letters, an extension) is not a phone.
const ESCRITURA = /^\+?[\d\s().-]+$/;
// Mobile ranges are assigned over time and the metadata lags behind (its README warns of it):
// any 9 followed by 8 digits is a mobile; landlines must be of an area code that exists.
const MOVIL = /^9\d{8}$/;

function parse(v: string): PhoneNumber | undefined {
  const texto = v.trim();
  if (!ESCRITURA.test(texto)) return undefined;
  const numero = parsePhoneNumberFromString(texto, { defaultCountry: 'CL', extract: false }, METADATA_CHILE);
  if (numero?.country !== 'CL') return undefined;
  return numero.isValid() || MOVIL.test(numero.nationalNumber) ? numero : undefined;
}

export const isTelefonoChileno = (v: string) => parse(v) !== undefined;

/** The number in E.164 ('+56652345678'), as it is stored; a value that is not a Chilean phone stays as it was. */
export const normalizarTelefono = (v: string) => parse(v)?.number ?? v.trim();

/** A phone as screens write it: '+56 9 8765 4321', '+56 2 2345 6789', '+56 65 234 5678' (or as stored, if it is not one). */
export function formatTelefono(v: string): string {
  const numero = parse(v);
  if (!numero) return v;
  const nacional = numero.nationalNumber;
  // A mobile the metadata does not know yet is still grouped as the others are.
  if (!numero.isValid()) return `+56 9 ${nacional.slice(1, 5)} ${nacional.slice(5)}`;
  return numero.formatInternational();
}
