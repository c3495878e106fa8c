import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '#server/errors';

/**
 * At most `max` requests of a route in flight per client address, in this process: the next one
 * is a 429 at once, with `detail` and Retry-After, until one of them is answered (or its client
 * goes away). An onRequest hook, so a request counts from its headers on, body included. A flood
 * from one address then takes at most `max` of the request thread's turns, while the rate limit
 * (per minute, shared by the processes) bounds how many it sends (docs/decisions/012, "Una
 * dirección, pocas a la vez"). Per process: behind a balancer an address may hold `max` in each.
 */
export function ipConcurrencyCap({ max, detail, retryAfterS }: { max: number; detail: string; retryAfterS: number }) {
  const inFlight = new Map<string, number>();
  const refusal = () => new AppError(429, { detail }, { 'retry-after': String(retryAfterS) });

  async function onRequest(request: FastifyRequest, reply: FastifyReply) {
    // A client gone while earlier hooks ran has nothing left to count ('close' is behind it).
    if (reply.raw.destroyed) return;
    const ip = request.ip;
    const held = inFlight.get(ip) ?? 0;
    if (held >= max) throw refusal();
    inFlight.set(ip, held + 1);
    // 'close' comes once the answer has left or the connection dropped, whatever happened between.
    reply.raw.once('close', () => {
      const left = (inFlight.get(ip) ?? 1) - 1;
      if (left === 0) inFlight.delete(ip);
      else inFlight.set(ip, left);
    });
  }

  return { onRequest, inFlight: (ip: string) => inFlight.get(ip) ?? 0 };
}
