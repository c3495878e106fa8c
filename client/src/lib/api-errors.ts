import { ApiError } from './api-client';

// The one reading of an API failure for the user: DRF-style bodies ({field: [msgs]},
// {non_field_errors: [msg]}, {detail, code?}) become Spanish sentences. Server texts that are
// technical, or right but unhelpful to a user, are replaced; nothing raw reaches the screen.

/** docs/producto.md §8 "No response". */
export const ERROR_DE_RED = 'Error de red o conexión. Por favor, verifica tu conexión a internet.';
/** A used, expired or foreign link (activation, password reset, e-mail change). */
export const ENLACE_INVALIDO = 'Este enlace ya no es válido: puede haber expirado o ya fue usado. Pide un enlace nuevo.';

/** Server texts right for a developer but not for a user, and what the user reads instead. */
const PARA_EL_USUARIO: Record<string, string> = {
  'Token inválido para este usuario.': ENLACE_INVALIDO,
  'Usuario inválido o inexistente.': ENLACE_INVALIDO,
  // A used activation link; when the account is active the server adds code 'cuenta_ya_activa' and /activate says so.
  'Token obsoleto para este usuario.': ENLACE_INVALIDO,
  'El enlace expiró. Solicita uno nuevo.': ENLACE_INVALIDO,
};

/** The server's stock texts per status: true, but the screen's own message tells the user more. */
const GENERICOS = new Set([
  'No encontrado.',
  'Método no permitido.',
  'La solicitud no es válida.',
  'Las credenciales de autenticación no se proveyeron.',
  'No se puede satisfacer el encabezado Accept.',
  'Tipo de contenido no soportado.',
]);

/** English words that give away a technical text (a framework default, a proxy, a stack). */
const TECNICO =
  /\b(the|is|not|this|that|with|are|was|were|any|should|cannot|does|please|enter|valid|invalid|required|must|field|value|address|expected|expecting|received|given|provided|found|credentials|undefined|null|json|parse|object|string|boolean|array|failed|unauthorized|forbidden|exception|internal|wrong|token|header|user|authorization)\b|[a-z](Error|Exception)\b|^HTTP \d/i;
/** A bare code such as 'cuenta_inactiva' or 'token_not_valid'. */
const CODIGO = /^[a-z0-9_.]+$/;

/** The text a user may read, or undefined when the server's text is not fit for one. */
export function readable(message: unknown): string | undefined {
  if (typeof message !== 'string') return undefined;
  const text = message.trim();
  if (PARA_EL_USUARIO[text]) return PARA_EL_USUARIO[text];
  if (!text || text.length > 300 || GENERICOS.has(text) || TECNICO.test(text) || CODIGO.test(text)) return undefined;
  return text;
}

/** First message of a DRF field value: a list of strings or a single string. */
const first = (value: unknown): unknown => (Array.isArray(value) ? value[0] : value);

export interface ParsedApiError {
  status: number | undefined;
  /** The server's `code` ('cuenta_inactiva', …) when it sent one. */
  code: string | undefined;
  /** Readable message per field, non_field_errors and detail excluded. */
  fields: Record<string, string>;
  /** Readable detail or non_field_errors. */
  general: string | undefined;
}

export function parseApiError(error: unknown): ParsedApiError {
  const parsed: ParsedApiError = { status: undefined, code: undefined, fields: {}, general: undefined };
  if (!(error instanceof ApiError)) return parsed;
  parsed.status = error.status;
  const data = error.data;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return parsed;
  for (const [key, value] of Object.entries(data)) {
    if (key === 'code') parsed.code = typeof value === 'string' ? value : undefined;
    else if (key === 'detail' || key === 'non_field_errors') parsed.general ??= readable(first(value));
    else {
      const message = readable(first(value));
      if (message) parsed.fields[key] = message;
    }
  }
  return parsed;
}

/**
 * What to tell the user about a failed call: the server's own readable reason for a 4xx (its
 * detail, non_field_errors or first field message), else `fallback` (docs/producto.md §8's message of that
 * screen). A 5xx never shows its text; a network failure says so.
 */
export function apiErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof TypeError) return ERROR_DE_RED;
  const { status, general, fields } = parseApiError(error);
  if (status === undefined || status >= 500) return fallback;
  return general ?? Object.values(fields)[0] ?? fallback;
}
