import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseConfig } from './config';

describe('parseConfig', () => {
  it('defaults to port 8000, ./data and demo data on the embedded database', () => {
    const c = parseConfig({});
    expect(c).toMatchObject({ port: 8000, dataDir: path.resolve('data'), seedDemo: true, publicUrl: 'http://localhost:8000', databaseUrl: undefined });
  });

  it('never seeds demo data on a real PostgreSQL unless SEED_DEMO=1', () => {
    expect(parseConfig({ DATABASE_URL: 'postgres://u:p@h/db' }).seedDemo).toBe(false);
    expect(parseConfig({ DATABASE_URL: 'postgres://u:p@h/db', SEED_DEMO: '1' }).seedDemo).toBe(true);
    expect(parseConfig({ SEED_DEMO: '0' }).seedDemo).toBe(false);
  });

  it('requires a JWT secret in production and rejects a bad port', () => {
    expect(() => parseConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET es obligatorio/);
    expect(() => parseConfig({ PORT: 'ochenta' })).toThrow();
  });

  it('drains 5 s on a shutdown and bounds a request at 300 s, its headers at 20 s; each can be set', () => {
    expect(parseConfig({})).toMatchObject({ shutdownDrainMs: 5_000, requestTimeoutMs: 300_000, headersTimeoutMs: 20_000 });
    expect(parseConfig({ SHUTDOWN_DRAIN_MS: '0', REQUEST_TIMEOUT_MS: '60000', HEADERS_TIMEOUT_MS: '5000' })).toMatchObject({
      shutdownDrainMs: 0,
      requestTimeoutMs: 60_000,
      headersTimeoutMs: 5_000,
    });
    expect(() => parseConfig({ SHUTDOWN_DRAIN_MS: '-1' })).toThrow();
    expect(() => parseConfig({ REQUEST_TIMEOUT_MS: '0' })).toThrow();
    expect(() => parseConfig({ REQUEST_TIMEOUT_MS: '10000', HEADERS_TIMEOUT_MS: '20000' })).toThrow(/HEADERS_TIMEOUT_MS no puede ser mayor/);
  });
});
