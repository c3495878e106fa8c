// Lighthouse (mobile, default simulated throttling) on the first screens a visitor opens, served
// by the built server on a free loopback port with a fresh embedded database. Debian's Chromium,
// launched with the same flags as the end-to-end suite; nothing is downloaded.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumLaunch } from '../playwright.config';
import { fmt, node, stop, waitUntilUp } from './lib';

const PAGES = ['/', '/login', '/signup'];
/** Runs per page: the median is printed, since a shared 2-core machine makes single runs noisy. */
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
/** The whole measurement stops itself after this long, whatever state it is in. */
const LIMIT_MS = 8 * 60_000;

async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'abastece-lighthouse-'));
const app = node('dist/server/main.js', { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, RATE_LIMIT_PER_MINUTE: '10000000' });
let chrome: chromeLauncher.LaunchedChrome | undefined;
const timer = setTimeout(() => {
  console.error(`Lighthouse: sin terminar tras ${LIMIT_MS / 60_000} min; se detiene.`);
  chrome?.kill();
  app.kill('SIGKILL');
  process.exit(1);
}, LIMIT_MS);

try {
  await waitUntilUp(`${base}/api/health/`, performance.now());
  chrome = await chromeLauncher.launch({
    chromePath: chromiumLaunch.executablePath,
    // chrome-launcher adds its own defaults (no first run, no default browser check…) to these.
    chromeFlags: chromiumLaunch.args,
    logLevel: 'silent',
  });
  console.log(`\nLighthouse móvil (throttling por defecto; mediana de ${RUNS} corridas)`);
  for (const page of PAGES) {
    const scores: number[] = [];
    const lcps: number[] = [];
    const fcps: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const result = await lighthouse(`${base}${page}`, { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error', output: 'json' });
      const lhr = result!.lhr;
      scores.push(lhr.categories.performance!.score ?? 0);
      lcps.push(lhr.audits['largest-contentful-paint']!.numericValue ?? Number.NaN);
      fcps.push(lhr.audits['first-contentful-paint']!.numericValue ?? Number.NaN);
    }
    console.log(
      `  ${page.padEnd(10)} rendimiento ${fmt(median(scores), 2)} (${scores.map((s) => fmt(s, 2)).join(' / ')})   LCP ${fmt(median(lcps) / 1000, 2)} s   FCP ${fmt(median(fcps) / 1000, 2)} s`,
    );
  }
} finally {
  clearTimeout(timer);
  chrome?.kill();
  await stop(app);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
