import fs from 'node:fs';
import path from 'node:path';
import type { Server } from './servers';

/** One answer of a server: its status, and its body parsed when it is JSON. */
export interface Answer<T = unknown> {
  status: number;
  body: T;
  text: string;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/** One request to one server of the cluster, as a client behind the balancer would send it. */
export async function call<T = unknown>(
  server: Pick<Server, 'name' | 'url'>,
  method: string,
  url: string,
  { token, body, headers = {} }: CallOptions = {},
): Promise<Answer<T>> {
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `JWT ${token}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).catch((error: Error) => {
    // A refused connection: say which server (it may have died) and which request.
    throw new Error(`${method} ${url} on ${server.name} (${server.url}): ${error.message} ${String(error.cause ?? '')}`);
  });
  const text = await res.text();
  let parsed: unknown = text;
  if (res.headers.get('content-type')?.includes('json')) parsed = JSON.parse(text);
  return { status: res.status, body: parsed as T, text };
}

/** The answer when it has `status`; anything else stops the run, naming the step (setup, not a check). */
export function expectStatus<T>(answer: Answer<T>, status: number, step: string): T {
  if (answer.status !== status) throw new Error(`${step}: expected ${status}, got ${answer.status}: ${answer.text.slice(0, 500)}`);
  return answer.body;
}

const decodeQuotedPrintable = (s: string) => s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(Number.parseInt(h, 16)));

export interface MailFile {
  dir: string;
  file: string;
  /** The outbox row it was sent from: the mailer names each file after it. */
  correoId: number;
  to: string;
  text: string;
}

/** The mail folders of the cluster's servers, read once per file (files are never rewritten). */
export function createMailbox(dirs: readonly string[]) {
  const read = new Map<string, MailFile>();

  function scan(): MailFile[] {
    for (const dir of dirs) {
      if (!fs.existsSync(dir)) continue;
      for (const file of fs.readdirSync(dir)) {
        const full = path.join(dir, file);
        if (read.has(full) || !file.endsWith('.eml')) continue;
        const text = decodeQuotedPrintable(fs.readFileSync(full, 'utf8'));
        // The mailer writes a file in pieces: one caught half-written is read again on the next scan.
        if (!/--\s*$/.test(text)) continue;
        const to = text.match(/^to: (.*)$/im)?.[1]?.trim() ?? '';
        read.set(full, { dir, file, correoId: Number(file.match(/-(\d+)\.eml$/)?.[1]), to, text });
      }
    }
    return [...read.values()];
  }

  return {
    scan,
    /** Every .eml file in the folders, complete or not: what was sent, by name. */
    files(): Array<{ dir: string; file: string }> {
      return dirs.flatMap((dir) => (fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.eml')) : []).map((file) => ({ dir, file })));
    },
    /** The newest link of `kind` e-mailed to `email`, whichever server sent it. */
    async link(email: string, kind: 'activate', timeoutMs = 15_000): Promise<string> {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const files = scan()
          .filter((m) => m.to.toLowerCase() === email.toLowerCase())
          .sort((a, b) => b.correoId - a.correoId);
        for (const m of files) {
          const link = m.text.match(new RegExp(`https?://[^\\s"<]+/${kind}/[^\\s"<]+`))?.[0];
          if (link) return link;
        }
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`no ${kind} e-mail reached ${email} in ${timeoutMs} ms`);
    },
  };
}
export type Mailbox = ReturnType<typeof createMailbox>;

let seq = 0;
const stamp = `${process.pid}${Date.now().toString(36)}`;
export const uniqueEmail = (prefix: string) => `${prefix}.${stamp}.${seq++}@prueba.cl`;

export interface Cuenta {
  id: number;
  email: string;
  password: string;
  access: string;
  refresh: string;
}

export const PASSWORD = 'clave-cluster-2026';

/** POST /auth/jwt/create/ on `server`. */
export async function login(server: Server, email: string, password: string): Promise<{ access: string; refresh: string }> {
  return expectStatus(
    await call<{ access: string; refresh: string }>(server, 'POST', '/auth/jwt/create/', { body: { email, password } }),
    200,
    `login ${email} on ${server.name}`,
  );
}

/**
 * Signs up on `signup`, activates with the e-mailed link on `activate` and logs in there: the
 * real way accounts come to exist, each step on the server the balancer happened to pick.
 */
export async function createCuenta(mailbox: Mailbox, rol: 'comprador' | 'proveedor', signup: Server, activate: Server = signup): Promise<Cuenta> {
  const email = uniqueEmail(rol);
  const registro = expectStatus(
    await call<{ clave_activacion: string }>(signup, 'POST', '/auth/users/', {
      body: {
        first_name: 'Ana',
        last_name: 'Pérez',
        email,
        password: PASSWORD,
        re_password: PASSWORD,
        is_comprador: rol === 'comprador',
        is_proveedor: rol === 'proveedor',
      },
    }),
    201,
    `signup ${email} on ${signup.name}`,
  );
  const [uid, token] = new URL(await mailbox.link(email, 'activate')).pathname.split('/').slice(-2);
  expectStatus(
    await call(activate, 'POST', '/auth/users/activation/', { body: { uid, token, clave_activacion: registro.clave_activacion } }),
    204,
    `activation ${email} on ${activate.name}`,
  );
  // The signup's answer carries no id (docs/decisions/003); the link's uid is Djoser's base64url of it.
  return { id: Number(Buffer.from(uid!, 'base64url').toString()), email, password: PASSWORD, ...(await login(activate, email, PASSWORD)) };
}

/** Runs `task` over `items` with at most `limit` at a time, in order of the items. */
export async function inPool<T, R>(items: readonly T[], limit: number, task: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) results[i] = await task(items[i]!, i);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
