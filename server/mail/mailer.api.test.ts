import net from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { correoSaliente } from '#server/db/schema/usuario';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { uniqueEmail } from '#server/test/users';

// The real SMTP path: nodemailer against a real SMTP server on loopback.
const received: string[] = [];
const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
const startSmtp = (port: number) =>
  new Promise<SMTPServer>((resolve) => {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        let raw = '';
        stream.on('data', (chunk) => {
          raw += chunk;
        });
        stream.on('end', () => {
          received.push(raw.replace(/=\r?\n/g, ''));
          callback();
        });
      },
    });
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
const waitFor = async (check: () => boolean | Promise<boolean>) => {
  for (let i = 0; i < 200 && !(await check()); i++) await new Promise((r) => setTimeout(r, 25));
};

let t: TestApp;
let port: number;
let smtp: SMTPServer | undefined;
beforeAll(async () => {
  port = await freePort();
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, PUBLIC_URL: 'https://abastece.example' });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((r) => (smtp ? smtp.close(() => r()) : r()));
});

const signup = (email: string) =>
  t.request({
    method: 'POST',
    url: '/auth/users/',
    payload: { first_name: 'Sol', last_name: 'Vega', email, password: 'pomelo-123', re_password: 'pomelo-123' },
  });
const row = async (email: string) => (await t.database.db.select().from(correoSaliente).where(eq(correoSaliente.para, email)))[0]!;

describe('e-mail over SMTP', () => {
  it('never fails the request when the SMTP server is down, and delivers the message once it is back', async () => {
    const first = uniqueEmail('smtp');
    expect((await signup(first)).statusCode).toBe(201);
    await waitFor(async () => (await row(first)).ultimo_error !== null);
    expect(await row(first)).toMatchObject({ enviado_en: null, intentos: 1, ultimo_error: expect.stringMatching(/ECONNREFUSED/) });

    smtp = await startSmtp(port);
    const second = uniqueEmail('smtp');
    expect((await signup(second)).statusCode).toBe(201);
    // The SMTP server has the message before the outbox marks its row sent: wait for both.
    await waitFor(async () => received.length >= 2 && (await row(first)).enviado_en !== null && (await row(second)).enviado_en !== null);
    for (const email of [first, second]) {
      const message = received.find((m) => m.includes(`To: ${email}`));
      expect(message, email).toBeDefined();
      expect(message).toContain('Subject: Activa tu cuenta en Abastece');
      expect(message).toMatch(/https:\/\/abastece\.example\/activate\/[A-Za-z0-9_-]+\/[A-Za-z0-9_-]+/);
      expect((await row(email)).enviado_en).not.toBeNull();
    }
  });
});
