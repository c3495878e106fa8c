/**
 * One-line text (names, addresses, RUT, phones, razón social, a motivo…): a line break inside one
 * would split the e-mail, spreadsheet cell or CSV line it ends up in, and no form of ours can type
 * it. Multi-line texts (comments) do not use this rule. The server's global check already refuses
 * the other control characters (server/errors.ts); this one is per field, so it lives with the
 * schemas and the forms show it under the field (docs/decisions/012, una línea).
 */
export const SALTO_DE_LINEA = 'Este campo debe ir en una sola línea, sin saltos de línea.';

// CR, LF, NEL and Unicode's line and paragraph separators: each starts a new line somewhere.
const SALTO = /[\r\n\u0085\u2028\u2029]/;

/** Whether a text is one line. */
export const isUnaLinea = (texto: string) => !SALTO.test(texto);
