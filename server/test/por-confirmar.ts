import { and, desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { correoSaliente } from '#server/db/schema/usuario';
import { crearOrden, type Flujo } from './cotizacion';
import { ENTREGA } from './entrega';
import type { TestApp } from './test-app';

// An order placed without an account waits for its contact to confirm it from the e-mail
// 'Confirma tu orden' (docs/decisions/007, 'Órdenes sin cuenta'): these read that e-mail from the
// outbox and follow its link, as the contact would.

/** The token of the newest 'Confirma tu orden' e-mailed to `para`. */
export async function tokenConfirmar(t: TestApp, para: string = ENTREGA.correo_contacto): Promise<string> {
  const [correo] = await t.database.db
    .select({ texto: correoSaliente.texto })
    .from(correoSaliente)
    .where(and(eq(correoSaliente.para, para), eq(correoSaliente.asunto, 'Confirma tu orden')))
    .orderBy(desc(correoSaliente.id))
    .limit(1);
  const token = correo?.texto.match(/\/confirmar-orden\/([\w-]+)/)?.[1];
  expect(token, `un correo 'Confirma tu orden' para ${para}`).toBeDefined();
  return token!;
}

/** POST /api/ordenes/confirmar/, as the page of the link sends it (`token` alone, whoever calls). */
export const confirmar = (t: TestApp, token: unknown, authToken?: string, remoteAddress?: string) =>
  t.request({ method: 'POST', url: '/api/ordenes/confirmar/', token: authToken, payload: { token }, ...(remoteAddress ? { remoteAddress } : {}) });

/**
 * An anonymous quotation's order, placed (202: held) then confirmed from its e-mail: the answer
 * of the confirmation, 201 with the order, or whatever refused it.
 */
export async function crearOrdenConfirmada(t: TestApp, f: Flujo, billing: Record<string, unknown> = {}, para: string = ENTREGA.correo_contacto) {
  const placed = await crearOrden(t, f, undefined, billing);
  if (placed.statusCode !== 202) return placed;
  expect(placed.json().correo).toBe(para);
  return confirmar(t, await tokenConfirmar(t, para));
}
