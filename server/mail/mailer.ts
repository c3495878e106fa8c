import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from '#server/db/client';
import { type CorreoPendiente, claimCorreo, countCorreosPendientes, insertCorreo, markCorreoEnviado, markCorreoFallido } from './correo.repository';
import type { Correo } from './templates';

const MAX_INTENTOS = 8;
const REINTENTO_MS = 30_000;

/**
 * Outbox delivery: a request writes its e-mail into correo_saliente inside its own transaction
 * (so it is never lost once acknowledged, and never sent for a rolled-back request); this sends
 * it afterwards, apart from the request, retrying failures every 30 s. SMTP_URL → real SMTP;
 * otherwise each message becomes an .eml file under DATA_DIR/mail/ and its link goes to the log.
 */
export function createMailer(options: { db: Db; smtpUrl?: string; mailDir: string; from: string; log: FastifyBaseLogger }) {
  const { db, smtpUrl, mailDir, from, log } = options;
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let running: Promise<void> | undefined;
  let again = false;
  /** After stop(): nothing new starts (the process is closing its pool). */
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  async function send(fila: CorreoPendiente) {
    const info = await transport.sendMail({ from, to: fila.para, subject: fila.asunto, text: fila.texto, html: fila.html });
    const enlace = fila.texto.match(/https?:\/\/\S+/)?.[0];
    if (smtpUrl) return log.info({ para: fila.para, enlace }, 'correo enviado');
    await fs.mkdir(mailDir, { recursive: true });
    const file = path.join(mailDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${fila.id}.eml`);
    await fs.writeFile(file, (info as unknown as { message: Buffer }).message);
    log.info({ para: fila.para, archivo: file, enlace }, `correo guardado: ${enlace ?? file}`);
  }

  /** Claims pending rows one at a time (SKIP LOCKED: N processes never send one twice). */
  async function deliverPending() {
    let after = 0;
    for (;;) {
      const fila = await claimCorreo(db, after, MAX_INTENTOS);
      if (!fila) return;
      after = fila.id;
      try {
        await send(fila);
        await markCorreoEnviado(db, fila.id);
      } catch (error) {
        log.error({ err: error, para: fila.para }, 'no se pudo enviar un correo; se reintentará');
        await markCorreoFallido(db, fila.id, String(error));
      }
    }
  }

  /** Runs a delivery pass now, or right after the one under way. */
  function kick(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = deliverPending()
      .catch((error) => log.error({ err: error }, 'falló el envío de correos'))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          void kick();
        }
      });
    return running;
  }

  return {
    /** Writes the message in the caller's transaction; call kick() after it commits. */
    async enqueue(tx: Db, correo: Correo) {
      await insertCorreo(tx, correo);
    },
    kick,
    /** Messages waiting and messages given up on (all processes'), for GET /metrics. */
    outbox: () => countCorreosPendientes(db, MAX_INTENTOS),
    start() {
      stopped = false;
      timer = setInterval(() => void kick(), REINTENTO_MS);
      timer.unref();
      void kick();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      // A kick during the pass under way queues another right after it: wait for that one too,
      // or the pool could close under it (server/main.ts closes the database after this).
      while (running) await running;
    },
  };
}
export type Mailer = ReturnType<typeof createMailer>;
