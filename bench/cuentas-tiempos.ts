// Whether the account endpoints tell, by their timing, which e-mails have accounts (docs/decisions/003):
// the three branches of a signup (new e-mail, pending account, active account), and a
// probe sent right after a reset_password / resend_activation for a known and for an unknown
// address. Medians of ROUNDS requests each, in interleaved order, measured by the client over
// HTTP on loopback. Embedded database by default; with DATABASE_URL, a scratch database on that
// server. Prints numbers, passes no judgement.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { withDatabase } from '#server/test/template-db';
import { adminQuery, dropDatabase, fmt, node, stop, waitUntilUp } from './lib';

const PORT = Number(process.env.BENCH_PORT ?? 8796);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 50);
const BASE = `http://127.0.0.1:${PORT}`;
const databaseUrl = process.env.DATABASE_URL;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'abastece-bench-cuentas-'));
const mailDir = path.join(dataDir, 'mail');

// Every request from an address of its own (TRUST_PROXY=1), so no per-IP limit is reached.
let ipSeq = 0;
const nextIp = () => {
  ipSeq++;
  return `10.${(ipSeq >> 16) & 255}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;
};
let emailSeq = 0;
const newEmail = (prefix: string) => `${prefix}.${process.pid}.${emailSeq++}@bench.cl`;

async function post(url: string, body: unknown): Promise<{ status: number; ms: number; json: unknown }> {
  const t0 = performance.now();
  const res = await fetch(`${BASE}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': nextIp() },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  const ms = performance.now() - t0;
  return { status: res.status, ms, json: text ? JSON.parse(text) : null };
}

const PASSWORD = 'bench-clave-2026';
const signupBody = (email: string) => ({ first_name: 'Ana', last_name: 'Pérez', email, password: PASSWORD, re_password: PASSWORD });

/** The newest activation link e-mailed to `email` (.eml files the server writes without SMTP). */
async function activationLink(email: string): Promise<{ uid: string; token: string }> {
  for (let i = 0; i < 800; i++) {
    const files = fs.existsSync(mailDir) ? fs.readdirSync(mailDir).sort().reverse() : [];
    for (const file of files) {
      const eml = fs.readFileSync(path.join(mailDir, file), 'utf8').replace(/=\r?\n/g, '');
      if (!eml.toLowerCase().includes(`to: ${email.toLowerCase()}`)) continue;
      const m = eml.match(/\/activate\/([^/\s"<]+)\/([^/\s"<]+)/);
      if (m) return { uid: m[1]!, token: m[2]! };
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`sin enlace de activación para ${email}`);
}

async function createActive(): Promise<string> {
  const email = newEmail('activa');
  const r = await post('/auth/users/', signupBody(email));
  if (r.status !== 201) throw new Error(`registro: ${r.status}`);
  const { clave_activacion } = r.json as { clave_activacion?: string };
  const a = await post('/auth/users/activation/', { ...(await activationLink(email)), clave_activacion });
  if (a.status !== 204) throw new Error(`activación: ${a.status} ${JSON.stringify(a.json)}`);
  return email;
}

async function createPending(): Promise<string> {
  const email = newEmail('pendiente');
  const r = await post('/auth/users/', signupBody(email));
  if (r.status !== 201) throw new Error(`registro: ${r.status}`);
  return email;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const shuffle = <T>(xs: T[]) => {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [xs[i], xs[j]] = [xs[j]!, xs[i]!];
  }
  return xs;
};
const line = (label: string, xs: number[]) => console.log(`  ${label.padEnd(44)} mediana ${fmt(median(xs), 1).padStart(6)} ms   (n = ${xs.length})`);

const scratch = `abastece_bench_cuentas_${process.pid}`;
if (databaseUrl) await adminQuery(databaseUrl, `CREATE DATABASE ${scratch}`);
const app = node('server/main.ts', {
  DATA_DIR: dataDir,
  PORT: String(PORT),
  SEED_DEMO: '0',
  TRUST_PROXY: '1',
  RATE_LIMIT_PER_MINUTE: '100000000',
  JWT_SECRET: 'secreto-de-benchmark-con-mas-de-32-caracteres',
  NODE_ENV: 'production',
  ...(databaseUrl ? { DATABASE_URL: withDatabase(databaseUrl, scratch) } : {}),
});
try {
  await waitUntilUp(`${BASE}/api/health/`, performance.now());
  console.log(`\nCuentas sin enumeración por tiempo (${databaseUrl ? 'PostgreSQL' : 'base embebida'}, ${ROUNDS} por caso):`);

  // Warm-up: argon2, the prepared statements and the mailer's first pass.
  for (let i = 0; i < 5; i++) await createActive();

  const activas = [];
  for (let i = 0; i < 2 * ROUNDS; i++) activas.push(await createActive());
  const pendientes = [];
  for (let i = 0; i < 2 * ROUNDS; i++) pendientes.push(await createPending());
  await new Promise((r) => setTimeout(r, 1000));

  // 1. Signup: the three branches, interleaved.
  const alta: Record<'nuevo' | 'pendiente' | 'activo', number[]> = { nuevo: [], pendiente: [], activo: [] };
  const casos = shuffle([...Array(ROUNDS).fill('nuevo'), ...Array(ROUNDS).fill('pendiente'), ...Array(ROUNDS).fill('activo')] as (keyof typeof alta)[]);
  const [pendAlta, actAlta] = [pendientes.slice(0, ROUNDS), activas.slice(0, ROUNDS)];
  for (const caso of casos) {
    const email = caso === 'nuevo' ? newEmail('nuevo') : caso === 'pendiente' ? pendAlta.pop()! : actAlta.pop()!;
    const r = await post('/auth/users/', signupBody(email));
    alta[caso].push(r.ms);
    await new Promise((r) => setTimeout(r, 20));
  }
  console.log(' POST /auth/users/ (registro), por caso:');
  line('correo nuevo', alta.nuevo);
  line('cuenta pendiente de activación', alta.pendiente);
  line('cuenta activa', alta.activo);

  // 2. A probe right after a request for a known / unknown address.
  for (const [ruta, conocidas] of [
    ['/auth/users/reset_password/', activas.slice(ROUNDS)],
    ['/auth/users/resend_activation/', pendientes.slice(ROUNDS)],
  ] as const) {
    const pedido: Record<'conocido' | 'desconocido', number[]> = { conocido: [], desconocido: [] };
    const sonda: Record<'conocido' | 'desconocido', number[]> = { conocido: [], desconocido: [] };
    const pool = [...conocidas];
    for (const caso of shuffle([...Array(ROUNDS).fill('conocido'), ...Array(ROUNDS).fill('desconocido')] as (keyof typeof pedido)[])) {
      const email = caso === 'conocido' ? pool.pop()! : newEmail('nadie');
      pedido[caso].push((await post(ruta, { email })).ms);
      sonda[caso].push((await post(ruta, { email: newEmail('sonda') })).ms);
      await new Promise((r) => setTimeout(r, 300));
    }
    console.log(` POST ${ruta}`);
    line('pedido, correo con cuenta', pedido.conocido);
    line('pedido, correo sin cuenta', pedido.desconocido);
    line('sonda justo después, correo con cuenta', sonda.conocido);
    line('sonda justo después, correo sin cuenta', sonda.desconocido);
  }
} finally {
  await stop(app);
  if (databaseUrl) await dropDatabase(databaseUrl, scratch);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
