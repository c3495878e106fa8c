import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody } from '#common/schemas/http';
import { allowedMethods } from './route-registry';

/** The one error type services throw; the handler turns it into the response: a body of common/schemas/http.ts (DRF's shapes). */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: ErrorBody,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.detail === 'string' ? body.detail : JSON.stringify(body));
  }
}

/** Answers with an AppError's status, headers and body: the one way an error reaches the client. */
export const sendError = (reply: FastifyReply, e: AppError) => reply.status(e.statusCode).headers(e.headers).send(e.body);

export const notFound = (detail = 'No encontrado.') => new AppError(404, { detail });
export const badRequest = (field: string, message: string) => new AppError(400, { [field]: [message] });

/**
 * For a request no route answers: 405 with `Allow` when the path exists under other methods
 * (DRF's wording, docs/decisions/003: `Método "GET" no permitido.`), 404 when the path is unknown.
 */
export function noRouteError(request: FastifyRequest): AppError {
  const allow = allowedMethods(request.server, request.url);
  if (allow.length === 0) return notFound();
  return new AppError(405, { detail: `Método "${request.method}" no permitido.` }, { allow: allow.join(', ') });
}

const MENSAJES_POR_ESTADO: Record<number, string> = {
  400: 'La solicitud no es válida.',
  401: 'Las credenciales de autenticación no se proveyeron.',
  403: 'No tienes permiso para realizar esta acción.',
  404: 'No encontrado.',
  405: 'Método no permitido.',
  406: 'No se puede satisfacer el encabezado Accept.',
  408: 'La solicitud tardó demasiado.',
  413: 'La solicitud es demasiado grande.',
  414: 'La dirección de la solicitud es demasiado larga.',
  415: 'Tipo de contenido no soportado.',
  429: 'Demasiadas solicitudes. Intenta de nuevo más tarde.',
  431: 'Los encabezados de la solicitud son demasiado grandes.',
};

/**
 * Groups zod issues by field, DRF style; issues without a path are non_field_errors. Only the
 * first message of a field is kept: an empty name is "obligatorio", not also "too short".
 */
function fieldErrors(error: FastifyError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const add = (key: string, msg: string) => {
    out[key] ??= [msg];
  };
  if (hasZodFastifySchemaValidationErrors(error)) {
    for (const v of error.validation) {
      const key = v.instancePath.replace(/^\//, '').split('/')[0] || 'non_field_errors';
      add(key, v.message ?? 'Valor inválido.');
    }
  } else {
    // Another validator (a JSON schema) words its messages in English: name the field only.
    for (const v of error.validation ?? []) add(v.instancePath.replace(/^\//, '').split('/')[0] || 'non_field_errors', 'Valor inválido.');
  }
  return out;
}

/** The driver's error: drizzle wraps it as `cause`. */
const pgError = (error: unknown) => {
  const e = error as { code?: unknown; constraint?: unknown; cause?: { code?: unknown; constraint?: unknown } };
  return typeof e.cause?.code === 'string' ? e.cause : e;
};

/** PostgreSQL's "data exception" class (22xxx): bad input that got past validation, never a server fault. */
const pgCode = (error: unknown): string | undefined => {
  const { code } = pgError(error);
  return typeof code === 'string' ? code : undefined;
};

/** A unique constraint (this one, when named) refused the write (two requests racing for the same e-mail, say). */
export const isUniqueViolation = (error: unknown, constraint?: string) =>
  pgCode(error) === '23505' && (constraint === undefined || pgError(error).constraint === constraint);

/** What may be logged of an unexpected error: never the query parameters (they hold password hashes). */
const loggable = (error: Error) => {
  const cause = (error as { cause?: Error }).cause;
  return { type: error.name, message: (cause?.message ?? error.message).split('\n')[0], code: pgCode(error), stack: cause?.stack ?? error.stack };
};

/**
 * Our bodies nest a few levels at most (a list of lines, each an object); 32 leaves room for the
 * endpoints to come. Anything deeper
 * is refused before a recursive reader (zod, a serializer) can overflow the stack on it (
 * 20,000 levels answered 500).
 */
const MAX_DEPTH = 32;
/**
 * Characters no text field of ours holds: C0 controls but tab, line feed and carriage return, DEL
 * and C1 controls. PostgreSQL cannot store NUL at all; the rest would be invisible in a name, a SKU
 * or an e-mail and break the spreadsheets and e-mails they end up in.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters it refuses
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** A lone UTF-16 surrogate is no character: it has no UTF-8, and PostgreSQL refuses it (a SKU "X\ud800" answered 500). */
const SURROGATE_SOLO = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const usable = (text: string) => !CONTROL.test(text) && !SURROGATE_SOLO.test(text);

interface Rechazo {
  motivo: 'caracter' | 'profundo';
  /** The top-level field it was found under, when there is one. */
  campo?: string;
}

/**
 * Why a parsed body, query or params cannot be used, walking it with an explicit stack (never
 * recursion, whatever the depth): a character no text of ours may hold, in a value or in a key
 * that a record schema would keep, or too many levels.
 */
function findUnusable(value: unknown): Rechazo | undefined {
  const pending: Array<{ value: unknown; depth: number; campo?: string }> = [{ value, depth: 0 }];
  for (let item = pending.pop(); item !== undefined; item = pending.pop()) {
    if (typeof item.value === 'string') {
      if (!usable(item.value)) return { motivo: 'caracter', campo: item.campo };
    } else if (typeof item.value === 'object' && item.value !== null) {
      if (item.depth >= MAX_DEPTH) return { motivo: 'profundo' };
      for (const [key, child] of Object.entries(item.value)) {
        const campo = item.campo ?? (Array.isArray(item.value) ? undefined : key);
        if (!usable(key)) return { motivo: 'caracter', campo: item.campo };
        pending.push({ value: child, depth: item.depth + 1, campo });
      }
    }
  }
  return undefined;
}

export const CARACTERES_NO_PERMITIDOS = 'Contiene caracteres no permitidos.';
const NO_PERMITIDOS_EN_SOLICITUD = 'La solicitud contiene caracteres no permitidos.';
const PROFUNDO = 'La solicitud tiene demasiados niveles de anidación.';

/** The 400 of an unusable input: on its field when there is one (DRF style), else for the whole request. */
function rechazoError({ motivo, campo }: Rechazo): AppError {
  if (motivo === 'profundo') return new AppError(400, { detail: PROFUNDO });
  return new AppError(400, campo ? { [campo]: [CARACTERES_NO_PERMITIDOS] } : { detail: NO_PERMITIDOS_EN_SOLICITUD });
}

/**
 * Errors Fastify raises before any route or hook runs (a URL that does not decode, a path
 * parameter longer than the router allows): the same Spanish bodies as everywhere else.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : error.code === 'FST_ERR_BAD_URL' ? 400 : 500;
  const detail = status === 400 ? 'La dirección de la solicitud no es válida.' : (MENSAJES_POR_ESTADO[status] ?? 'Error interno del servidor.');
  reply.status(status).send({ detail });
}

/**
 * Requests Node's HTTP parser refuses (malformed request line, headers over the limit, a client
 * too slow): no route runs, so the answer is written on the socket, in Spanish, as Fastify's own
 * handler does in English.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const reason = status === 408 ? 'Request Timeout' : status === 431 ? 'Request Header Fields Too Large' : 'Bad Request';
  const body = JSON.stringify({ detail: MENSAJES_POR_ESTADO[status] });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

export function registerErrorHandler(app: FastifyInstance): void {
  // Only JSON reaches the routes (multipart, when an upload route needs it, registers its own
  // parser): text/plain would otherwise arrive as a string and read as a validation error.
  app.removeContentTypeParser('text/plain');

  app.addHook('preValidation', async (request) => {
    // The 404/405 answer reads no input: the path decides it, whatever the body.
    if (request.is404) return;
    const rechazo = findUnusable(request.body) ?? findUnusable(request.query) ?? findUnusable(request.params);
    if (rechazo) throw rechazoError(rechazo);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const send = (e: AppError) => sendError(reply, e);
    if (error instanceof AppError) return send(error);
    // No route answers this request: its path decides (404 or 405), not the body it failed to parse.
    if (request.is404) return send(noRouteError(request));
    if (error.validation) {
      // No body at all is one problem, not "this field is required" about nothing (DRF's wording).
      if (error.validationContext === 'body' && (request.body === undefined || request.body === null)) {
        return reply.status(400).send({ non_field_errors: ['No se proporcionaron datos.'] });
      }
      return reply.status(400).send(fieldErrors(error));
    }
    if (pgCode(error)?.startsWith('22')) {
      request.log.warn({ err: loggable(error) }, 'dato rechazado por la base de datos');
      return reply.status(400).send({ detail: MENSAJES_POR_ESTADO[400]! });
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) {
      request.log.error({ err: loggable(error) }, 'error no controlado');
      return reply.status(500).send({ detail: 'Error interno del servidor.' });
    }
    // Fastify's parser also refuses __proto__ and constructor.prototype keys here (prototype pollution).
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error instanceof SyntaxError) {
      return reply.status(400).send({ detail: 'El cuerpo de la solicitud no es JSON válido.' });
    }
    if (status === 429) return reply.status(429).send({ detail: MENSAJES_POR_ESTADO[429]! });
    return reply.status(status).send({ detail: MENSAJES_POR_ESTADO[status] ?? MENSAJES_POR_ESTADO[400]! });
  });
}
