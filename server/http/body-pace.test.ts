import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { watchBodyPace } from './body-pace';

/**
 * docs/decisions/012, "Cuerpos lentos": a body that stops, or crawls under the floor once its
 * grace is over, is given up; one that keeps coming is read whole. A real server and real
 * sockets, with short bounds; no timing is asserted, only which bodies are given up.
 */
const PACE = { idleMs: 400, minBytesPerS: 2_000, graceMs: 800 };
const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  const watch = watchBodyPace(req, PACE, () => new Error('lento'));
  const whole = new Promise<string>((resolve) => req.on('end', () => resolve(`leído ${Buffer.concat(chunks).length}`)));
  Promise.race([whole, watch.stalled]).then(
    (text) => res.end(text),
    (error: Error) => res.writeHead(408, { connection: 'close' }).end(error.message),
  );
  void whole.then(watch.stop);
});
const listening = new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** POSTs `size` bytes as `send` writes them; the status and text answered. */
async function post(size: number, send: (req: http.ClientRequest) => Promise<void>) {
  const port = await listening;
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = http.request({ port, host: '127.0.0.1', method: 'POST', headers: { 'content-length': size } }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (c: string) => {
        text += c;
      });
      res.on('end', () => resolve({ status: res.statusCode!, text }));
    });
    req.on('error', reject);
    void send(req).catch(() => {});
  });
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('watchBodyPace', () => {
  it('reads a body that keeps coming, in pieces with pauses shorter than idleMs', async () => {
    const res = await post(30_000, async (req) => {
      for (let i = 0; i < 3; i++) {
        req.write(Buffer.alloc(10_000));
        await sleep(150);
      }
      req.end();
    });
    expect(res).toEqual({ status: 200, text: 'leído 30000' });
  });

  it('gives up a body that stops coming (no byte for idleMs)', async () => {
    const res = await post(30_000, async (req) => {
      req.write(Buffer.alloc(1_000));
    });
    expect(res).toEqual({ status: 408, text: 'lento' });
  });

  it('gives up a body that never pauses idleMs but crawls under the floor once the grace is over', async () => {
    let sending = true;
    const res = await post(30_000, async (req) => {
      while (sending) {
        req.write(Buffer.alloc(10));
        await sleep(100);
      }
    });
    sending = false;
    expect(res).toEqual({ status: 408, text: 'lento' });
  });
});
