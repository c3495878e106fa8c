import { z } from '../zod-es';

// The error bodies every endpoint may answer, DRF style (server/errors.ts builds them, one handler
// sends them): routes declare them in `response:` and the client's tests parse stubbed answers with them.

/** {detail} and, where the client acts on it, a `code` (e.g. 'cuenta_inactiva'). */
export const detailSchema = z.object({ detail: z.string(), code: z.string().optional() });
/** {field: [messages]}; a rule over several fields answers under non_field_errors. */
export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));
/** A 400 is either field errors or a {detail} (e.g. malformed JSON). */
export const badRequestSchema = z.union([detailSchema, fieldErrorsSchema]);
/** Any error body the server sends. */
export type ErrorBody = z.infer<typeof badRequestSchema>;
