import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from './client';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';

// The embedded engine's promises that docs/decisions/001 relies on, checked on every run.
const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 8);
const writer = path.resolve('server/db/test/crash-writer.ts');
const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abastece-engine-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/** Starts the writer; resolves with it once it is ready, and collects every acknowledged id. */
function startWriter(dataDir: string, acked: Set<number>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', writer, dataDir], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (d) => {
    stderr += d;
  });
  return new Promise((resolve, reject) => {
    child.on('exit', (code, signal) => {
      if (signal !== 'SIGKILL') reject(new Error(`el escritor terminó (${code}): ${stderr}`));
    });
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      const [word, n] = line.split(' ');
      if (word === 'ready') resolve(child);
      if (word === 'ack') acked.add(Number(n));
    });
  });
}

const waitFor = async (condition: () => boolean) => {
  while (!condition()) await new Promise((r) => setTimeout(r, 5));
};

describe('embedded database', () => {
  it(`keeps every acknowledged write through ${ROUNDS} SIGKILLs under write load, and reopens each time`, async () => {
    const dataDir = tempDir();
    const acked = new Set<number>();
    for (let round = 0; round < ROUNDS; round++) {
      const child = await startWriter(dataDir, acked);
      const target = acked.size + 20 + Math.floor(Math.random() * 150);
      await waitFor(() => acked.size >= target);
      // Kill mid-write: the writer is inside its next transaction by now.
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
    }
    const database = await openDatabase({ dataDir });
    try {
      const rows = await queryRows<{ id: number; total: number }>(database.db, sql`SELECT id, total FROM crash_probe`);
      const stored = new Set(rows.map((r) => r.id));
      const lost = [...acked].filter((id) => !stored.has(id));
      expect(lost).toEqual([]);
      expect(rows.filter((r) => r.total !== r.id)).toEqual([]);
      await database.db.execute(sql`INSERT INTO crash_probe (id, payload, total) VALUES (-1, 'after', -1)`);
    } finally {
      await database.close();
    }
  });

  it('refuses a second process on the same data directory with a clear message, and the first keeps working', async () => {
    const dataDir = tempDir();
    const acked = new Set<number>();
    const first = await startWriter(dataDir, acked);
    try {
      await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(DataDirLockedError);
      const second = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        env: { ...process.env, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      second.stderr!.on('data', (d) => {
        stderr += d;
      });
      const code = await new Promise((r) => second.on('exit', r));
      expect(code).toBe(1);
      expect(stderr).toContain(`El directorio de datos ${dataDir} ya está en uso por otro proceso`);
      const before = acked.size;
      await waitFor(() => acked.size > before + 10);
    } finally {
      first.kill('SIGKILL');
      await new Promise((r) => first.once('exit', r));
    }
  });

  it('takes over a lock whose process is gone, and releases its own on close', () => {
    const dataDir = tempDir();
    fs.writeFileSync(path.join(dataDir, 'abastece.lock'), '999999999');
    const release = lockDataDir(dataDir);
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, 'abastece.lock'), 'utf8'))).toMatchObject({ pid: process.pid });
    release();
    expect(fs.existsSync(path.join(dataDir, 'abastece.lock'))).toBe(false);
  });
});
