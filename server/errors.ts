import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** Body shapes follow DRF: {field: [msgs]}, {non_field_errors: [msg]} or {detail: msg}. */
export type ErrorBody = Record<string, string[]> | { detail: string; code?: string };

/** The one error type services throw; the handler turns it into the response. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: ErrorBody,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.detail === 'string' ? body.detail : JSON.stringify(body));
  }
}

export const notFound = (detail = 'No encontrado.') => new AppError(404, { detail });
export const badRequest = (field: string, message: string) => new AppError(400, { [field]: [message] });

const MENSAJES_POR_ESTADO: Record<number, string> = {
  400: 'La solicitud no es válida.',
  401: 'Las credenciales de autenticación no se proveyeron.',
  403: 'No tienes permiso para realizar esta acción.',
  404: 'No encontrado.',
  405: 'Método no permitido.',
  406: 'No se puede satisfacer el encabezado Accept.',
  413: 'La solicitud es demasiado grande.',
  415: 'Tipo de contenido no soportado.',
  429: 'Demasiadas solicitudes. Intenta de nuevo más tarde.',
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
    add('non_field_errors', error.message);
  }
  return out;
}

/** PostgreSQL's "data exception" class (22xxx): bad input that got past validation, never a server fault. */
const pgCode = (error: unknown): string | undefined => {
  const e = error as { code?: unknown; cause?: { code?: unknown } };
  const code = typeof e.cause?.code === 'string' ? e.cause.code : e.code;
  return typeof code === 'string' ? code : undefined;
};

/** A unique constraint refused the write (two requests racing for the same e-mail, say). */
export const isUniqueViolation = (error: unknown) => pgCode(error) === '23505';

/** What may be logged of an unexpected error: never the query parameters (they hold password hashes). */
const loggable = (error: Error) => {
  const cause = (error as { cause?: Error }).cause;
  return { type: error.name, message: (cause?.message ?? error.message).split('\n')[0], code: pgCode(error), stack: cause?.stack ?? error.stack };
};

const hasNul = (value: unknown): boolean =>
  typeof value === 'string' ? value.includes('\u0000') : typeof value === 'object' && value !== null && Object.values(value).some(hasNul);

export function registerErrorHandler(app: FastifyInstance): void {
  // PostgreSQL cannot store a NUL character in text: refuse it before anything reads the request.
  app.addHook('preValidation', async (request) => {
    if (hasNul(request.body) || hasNul(request.query) || hasNul(request.params)) {
      throw new AppError(400, { detail: 'La solicitud contiene caracteres no permitidos.' });
    }
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).headers(error.headers).send(error.body);
    }
    if (error.validation) {
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
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error instanceof SyntaxError) {
      return reply.status(400).send({ detail: 'El cuerpo de la solicitud no es JSON válido.' });
    }
    if (status === 429) return reply.status(429).send({ detail: MENSAJES_POR_ESTADO[429]! });
    return reply.status(status).send({ detail: MENSAJES_POR_ESTADO[status] ?? MENSAJES_POR_ESTADO[400]! });
  });
}
