import type { Db } from '#server/db/client';
import { AppError } from '#server/errors';
import { type Accion, countIntentos, deleteIntentos, deleteIntentosAntesDe, type FiltroIntento, insertIntento, lockIntentos } from './intento.repository';

// Djoser throttles by IP only; ours: ten bad passwords lock one account from one
// client only, so whoever guesses from one place cannot lock the owner out from everywhere.
// Across all clients an account gets a much higher ceiling (it bounds guessing spread over many
// addresses), and one IP a ceiling over all accounts (an office shares one, so not ten).
// Kept in the database so the limits hold across N processes.
const VENTANA_LOGIN_MS = 15 * 60 * 1000;
const MAX_POR_CUENTA_E_IP = 10;
const MAX_POR_CUENTA = 100;
const MAX_POR_IP = 50;

// Activation and reset e-mails: per IP, answered with 429; per address, silently (services).
const VENTANA_CORREOS_MS = 3600 * 1000;
const MAX_CORREOS_POR_IP = 20;

const normalizar = (email: string) => email.trim().toLowerCase();

export const demasiadosIntentos = (detail: string, retryAfterS: number) => new AppError(429, { detail }, { 'retry-after': String(retryAfterS) });

const enMinutos = (retryAfterS: number) => {
  const minutos = Math.ceil(retryAfterS / 60);
  return `${minutos} ${minutos === 1 ? 'minuto' : 'minutos'}`;
};

async function check(db: Db, filtro: FiltroIntento, max: number, ventanaMs: number, mensaje: (espera: string) => string) {
  const { n, primero } = await countIntentos(db, filtro, new Date(Date.now() - ventanaMs));
  if (n < max || !primero) return;
  const retryAfterS = Math.max(1, Math.ceil((primero.getTime() + ventanaMs - Date.now()) / 1000));
  throw demasiadosIntentos(mensaje(enMinutos(retryAfterS)), retryAfterS);
}

const loginBloqueado = (espera: string) => `Demasiados intentos fallidos. Intenta de nuevo en ${espera}.`;
const LOGIN: Accion[] = ['login'];

export async function assertLoginAllowed(db: Db, email: string, ip: string): Promise<void> {
  const cuenta = normalizar(email);
  await check(db, { acciones: LOGIN, email: cuenta, ip }, MAX_POR_CUENTA_E_IP, VENTANA_LOGIN_MS, loginBloqueado);
  await check(db, { acciones: LOGIN, email: cuenta }, MAX_POR_CUENTA, VENTANA_LOGIN_MS, loginBloqueado);
  await check(db, { acciones: LOGIN, ip }, MAX_POR_IP, VENTANA_LOGIN_MS, loginBloqueado);
}

export async function recordLoginFailure(db: Db, email: string, ip: string): Promise<void> {
  await insertIntento(db, { accion: 'login', email: normalizar(email), ip });
  // Old rows are of no use to anyone: keep the table small as a side effect of writing to it.
  await deleteIntentosAntesDe(db, new Date(Date.now() - 24 * 3600 * 1000));
}

/** A successful login clears that client's failures for the account (not other clients'). */
export async function clearLoginFailures(db: Db, email: string, ip: string): Promise<void> {
  await deleteIntentos(db, { acciones: LOGIN, email: normalizar(email), ip });
}

/** A successful password reset lifts every lock of the account. */
export async function clearAccountLocks(db: Db, email: string): Promise<void> {
  await deleteIntentos(db, { acciones: LOGIN, email: normalizar(email) });
}

const CORREOS: Accion[] = ['activacion', 'reset'];

/** Counts a request for an activation or reset e-mail against its IP; 429 past the limit. */
export async function takeEmailRequest(db: Db, accion: 'activacion' | 'reset', email: string, ip: string): Promise<void> {
  await check(
    db,
    { acciones: CORREOS, ip },
    MAX_CORREOS_POR_IP,
    VENTANA_CORREOS_MS,
    (espera) => `Demasiadas solicitudes de correo. Intenta de nuevo en ${espera}.`,
  );
  await insertIntento(db, { accion, email: normalizar(email), ip });
}

// Signups: each one mails an address its sender chose, so one IP may leave at most
// MAX_REGISTROS_POR_IP of them unconfirmed per hour; a signup stops counting once its mailbox
// activates the account (releaseSignups), so an office signing up its people, or the e2e suite,
// is not held back by signups that proved their mailbox. Per address, the services cap the
// e-mails a signup sends, silently.
const VENTANA_REGISTRO_MS = 3600 * 1000;
const MAX_REGISTROS_POR_IP = 10;
const REGISTRO: Accion[] = ['registro'];

/**
 * Counts a signup against its IP; 429 past the limit. The IP's count and the insert it allows run
 * under one lock (per IP, across processes), so 60 concurrent signups let exactly
 * MAX_REGISTROS_POR_IP through: counting after inserting, without the lock, let none pass on
 * PostgreSQL (each count saw all 60 rows).
 */
export async function takeSignup(db: Db, email: string, ip: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockIntentos(tx, `registro:${ip}`);
    const { n, primero } = await countIntentos(tx, { acciones: REGISTRO, ip }, new Date(Date.now() - VENTANA_REGISTRO_MS));
    if (n >= MAX_REGISTROS_POR_IP && primero) {
      const retryAfterS = Math.max(1, Math.ceil((primero.getTime() + VENTANA_REGISTRO_MS - Date.now()) / 1000));
      throw demasiadosIntentos(`Demasiados registros desde esta conexión. Intenta de nuevo en ${enMinutos(retryAfterS)}.`, retryAfterS);
    }
    await insertIntento(tx, { accion: 'registro', email: normalizar(email), ip });
  });
}

/** Signups for one address within the hour, this one included: how many notices its owner got. */
export async function countSignups(db: Db, email: string): Promise<number> {
  return (await countIntentos(db, { acciones: REGISTRO, email: normalizar(email) }, new Date(Date.now() - VENTANA_REGISTRO_MS))).n;
}

/** The mailbox confirmed: its signups no longer count against the IPs they came from. */
export async function releaseSignups(db: Db, email: string): Promise<void> {
  await deleteIntentos(db, { acciones: REGISTRO, email: normalizar(email) });
}
