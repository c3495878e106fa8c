import { z } from 'zod';

/**
 * The browser's zod parses without generated code: its first object parse otherwise probes
 * `new Function('')`, which the CSP (script-src 'self', no 'unsafe-eval') refuses and Chromium
 * reports as a violation on every page. Imported first by main.tsx, before any schema
 * is built, since each object schema decides at construction. The server keeps the faster JIT.
 */
z.config({ jitless: true });
