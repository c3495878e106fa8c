// Lighthouse (mobile, default simulated throttling) on the first screens a visitor opens and on a
// quotation's results, served by the built server on a free loopback port with a fresh embedded
// database (the demo catalogue in it). Debian's Chromium, launched with the same flags as the
// end-to-end suite; nothing is downloaded.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import puppeteer, { type Page } from 'puppeteer-core';
import { chromiumLaunch } from '../playwright.config';
import { fmt, node, solicitudComparable, stop, waitUntilUp } from './lib';

/** The results of a quotation: they open only with a comparison in the tab's session storage. */
const RESULTADOS = '/cotizar-resultado';
/** The first screens a visitor opens (the landing pages and the buyer's quotation form), and the results. */
const ALL_PAGES = ['/', '/login', '/signup', '/cotizar', RESULTADOS];
/** BENCH_LIGHTHOUSE_PAGES=/cotizar measures only those (comma-separated). */
const PAGES = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',').filter((p) => ALL_PAGES.includes(p)) ?? ALL_PAGES;
/** Runs per page: the median is printed, since a shared 2-core machine makes single runs noisy. */
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
/** The whole measurement stops itself after this long, whatever state it is in. */
const LIMIT_MS = 10 * 60_000;

async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Lines of the quotation the results show: a buyer's usual order, as the phone-sized results are judged by. */
const LINEAS = 12;

/**
 * A comparison as the quotation screens leave it in session storage, made through the server's
 * API as they make it: an anonymous request of LINEAS demo products spread over the catalogue
 * (150 each, over every category's minimum), its delivery record in Providencia with no date
 * (each supplier's first day) and comparar-precios. Keys as client/src/lib/storage.ts names them.
 */
async function comparacionEnSesion(base: string): Promise<Record<string, string>> {
  const { productos: catalogo }: { productos: Array<{ id: number }> } = await (await fetch(`${base}/api/productos/consolidated-data/`)).json();
  const paso = Math.floor(catalogo.length / LINEAS);
  const productos = Array.from({ length: LINEAS }, (_, i) => ({ producto: catalogo[i * paso]!.id, cantidad: 150 }));
  const { cuerpo, headers, solicitud, cotizante } = await solicitudComparable(base, productos, null);
  const res = await fetch(`${base}/api/cotizaciones/comparar-precios/`, { method: 'POST', headers, body: cuerpo });
  if (!res.ok) throw new Error(`comparar-precios: ${res.status} ${await res.text()}`);
  const cotizacion: { resultados: unknown[]; proveedores: unknown[] } = await res.json();
  console.log(`  ${RESULTADOS}: ${cotizacion.resultados.length} líneas de ${cotizacion.proveedores.length} proveedores`);
  return { solicitud: JSON.stringify(solicitud), cotizante: JSON.stringify(cotizante), cotizacion: JSON.stringify(cotizacion) };
}

/**
 * A tab of its own for one run whose every document of the app's origin starts with `sesion` in its
 * session storage, before the app's first script reads it (Lighthouse's own storage reset, and its
 * blank page before the measured load, happen around it).
 */
async function pestanaConSesion(browserURL: string, origen: string, sesion: Record<string, string>): Promise<Page> {
  const browser = await puppeteer.connect({ browserURL, defaultViewport: null });
  const page = await browser.newPage();
  await page.evaluateOnNewDocument(
    (origen, sesion) => {
      if (location.origin !== origen) return;
      for (const [clave, valor] of Object.entries(sesion)) sessionStorage.setItem(clave, valor);
    },
    origen,
    sesion,
  );
  return page;
}

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
  console.log(`\nLighthouse móvil (throttling simulado por defecto; mediana de ${RUNS} corridas)`);
  const benchmarkIndexes: number[] = [];
  const sesion = PAGES.includes(RESULTADOS) ? await comparacionEnSesion(base) : {};
  for (const page of PAGES) {
    const runs: { score: number; lcp: number; fcp: number; tbt: number; cls: number }[] = [];
    // A failed run (Chromium now and then reports no navigation start) is retried, up to twice RUNS in all.
    for (let attempt = 0; runs.length < RUNS && attempt < 2 * RUNS; attempt++) {
      // The results in a tab of their own with the comparison in its session; any other page as Lighthouse opens it.
      const tab = page === RESULTADOS ? await pestanaConSesion(`http://127.0.0.1:${chrome.port}`, base, sesion) : undefined;
      let lhr: Result;
      try {
        lhr = (await lighthouse(`${base}${page}`, { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error', output: 'json' }, undefined, tab))!
          .lhr;
        // What was measured must be the results, not the redirect to /cotizar a missing comparison gets.
        const titulo = await tab?.evaluate(() => document.querySelector('h1')?.textContent);
        if (tab && titulo !== 'Las mejores opciones para ti') throw new Error(`${RESULTADOS} mostró '${titulo}' (${tab.url()}), no los resultados`);
      } finally {
        await tab?.close();
        await tab?.browser().disconnect();
      }
      benchmarkIndexes.push(lhr.environment.benchmarkIndex);
      // A run Lighthouse could not finish (e.g. no paint within its limits on a busy machine) has no score.
      if (lhr.runtimeError || lhr.categories.performance?.score == null) continue;
      const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      runs.push({
        score: lhr.categories.performance.score,
        lcp: value('largest-contentful-paint'),
        fcp: value('first-contentful-paint'),
        tbt: value('total-blocking-time'),
        cls: value('cumulative-layout-shift'),
      });
    }
    if (runs.length === 0) {
      console.log(`  ${page.padEnd(18)} sin resultado en ${2 * RUNS} corridas`);
      continue;
    }
    const m = (key: keyof (typeof runs)[number]) => median(runs.map((r) => r[key]));
    console.log(
      `  ${page.padEnd(18)} rendimiento ${fmt(m('score'), 2)} (${runs.map((r) => fmt(r.score, 2)).join(' / ')})   LCP ${fmt(m('lcp') / 1000, 2)} s   FCP ${fmt(m('fcp') / 1000, 2)} s   TBT ${fmt(m('tbt'))} ms   CLS ${fmt(m('cls'), 3)}`,
    );
  }
  // Lighthouse's own measure of this machine's speed (about 1,000+ on a typical desktop): CPU
  // time is simulated from what was observed here, so a busy machine lowers every score.
  console.log(
    `  índice de rendimiento de la máquina (BenchmarkIndex de Lighthouse): ${fmt(Math.min(...benchmarkIndexes))} a ${fmt(Math.max(...benchmarkIndexes))}`,
  );
} finally {
  clearTimeout(timer);
  chrome?.kill();
  await stop(app);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
