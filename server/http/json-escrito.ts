import type { FastifyReply } from 'fastify';

/**
 * Sends an answer its service already wrote as JSON bytes (the comparison writes its own, partly
 * while the database writes: docs/decisions/010). Fastify sends a buffer as it is: no serializer
 * pass and no zod pass over a comparison's ~1,500 options (~1 ms, docs/decisions/006). The route's
 * response schema still documents it in OpenAPI; a test checks the bytes are exactly that schema.
 */
export const sendJsonEscrito = (reply: FastifyReply, json: Buffer, status = 200) => reply.status(status).type('application/json; charset=utf-8').send(json);
