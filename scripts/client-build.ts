// Build steps of the SPA that Vite does not do by itself, used by vite.config.ts: per-route
// preloading of the landing pages' lazy chunks, and brotli/gzip copies of every text file for
// @fastify/static's `preCompressed` (server/spa.ts).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(?:js|css|html|svg|json|txt|map)$/;

/**
 * Writes `file.br` and `file.gz` next to every text file under `dir`, each only when it is
 * smaller than the file itself (the server then sends the original). Run once at build time,
 * so requests never pay for compression and brotli can use its best (slowest) level.
 */
export function precompressDir(dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const source = fs.readFileSync(file);
    const variants = {
      br: zlib.brotliCompressSync(source, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length },
      }),
      gz: zlib.gzipSync(source, { level: zlib.constants.Z_BEST_COMPRESSION }),
    };
    for (const [ext, compressed] of Object.entries(variants)) {
      if (compressed.length < source.length) fs.writeFileSync(`${file}.${ext}`, compressed);
    }
  }
}

/** Vite plugin: precompresses the output folder once everything is written. */
export function precompress(): Plugin {
  let outDir: string | undefined;
  return {
    name: 'abastece:precompress',
    apply: 'build',
    configResolved(config) {
      // Nothing to compress when the build is kept in memory (`build.write: false`).
      if (config.build.write) outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      if (outDir) precompressDir(outDir);
    },
  };
}

/**
 * Vite plugin for the pages visitors land on. Each route is a lazy chunk that the main bundle
 * would only request after it has downloaded and run (a second round trip before anything is
 * painted). A tiny script placed before the main bundle looks at location.pathname and adds
 * <link rel="modulepreload"> for that page's chunk and the chunks it imports, and
 * <link rel="stylesheet"> for their CSS, so they download in parallel with the main bundle
 * (Vite's loader of a lazy chunk would otherwise ask for the CSS only once the JS has run, one
 * more round trip; it skips a stylesheet already linked). It is a file, not inline, because the
 * CSP allows only 'self' scripts. `pages` maps a path to its page module, relative to Vite's
 * root (client/). What a page imports lazily is not preloaded: it would share the bandwidth
 * the first paint needs (docs/decisions/019-primera-pintura.md).
 */
export function preloadLandingPages(pages: Record<string, string>): Plugin {
  let root = '';
  return {
    name: 'abastece:preload-landing-pages',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const staticClosure = (start: string[], into = new Set<string>()) => {
        for (const file of start) {
          if (into.has(file)) continue;
          into.add(file);
          staticClosure(byFile.get(file)?.imports ?? [], into);
        }
        return into;
      };
      // What the HTML already loads: the entry and everything it imports statically.
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) return this.error('sin chunk de entrada');
      const loaded = staticClosure([entry.fileName]);
      const cssOf = (files: Iterable<string>) => new Set([...files].flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])]));
      const loadedCss = cssOf(loaded);

      // Per route: [its JS chunks, its stylesheets], those the HTML does not load already.
      const hrefs: Record<string, [string[], string[]]> = {};
      for (const [route, source] of Object.entries(pages)) {
        const id = path.resolve(root, source);
        const chunk = chunks.find((c) => c.facadeModuleId === id);
        // A renamed page must not silently lose its preload.
        if (!chunk) return this.error(`preloadLandingPages: ${source} (${route}) no es un chunk del build`);
        const closure = staticClosure([chunk.fileName]);
        hrefs[route] = [
          [...closure].filter((f) => !loaded.has(f)).map((f) => `/${f}`),
          [...cssOf(closure)].filter((f) => !loadedCss.has(f)).map((f) => `/${f}`),
        ];
      }
      const code =
        `const r=(${JSON.stringify(hrefs)})[location.pathname.replace(/(.)\\/$/,'$1')];` +
        `if(r)for(const [rel,hs] of [['modulepreload',r[0]],['stylesheet',r[1]]])for(const h of hs){const l=document.createElement('link');l.rel=rel;l.crossOrigin='';l.href=h;l.dataset.route='';document.head.append(l)}\n`;
      const fileName = `assets/preload-${createHash('sha256').update(code).digest('base64url').slice(0, 8)}.js`;
      this.emitFile({ type: 'asset', fileName, source: code });

      const html = bundle['index.html'];
      if (html?.type !== 'asset' || typeof html.source !== 'string') return this.error('preloadLandingPages: index.html no está en el bundle');
      // Before the main module script: module scripts run in document order, so this one runs first.
      html.source = html.source.replace(
        /(\s*)<script type="module"/,
        `$1<script type="module" crossorigin src="/${fileName}"></script>$1<script type="module"`,
      );
    },
  };
}
