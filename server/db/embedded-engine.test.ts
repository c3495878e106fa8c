import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from './client';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';
import { processState, startUnreaped, waitForZombie } from './test/unreaped';

// The embedded engine's promises that docs/decisions/001 relies on, checked on every run.
const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 8);
const writer = path.resolve('server/db/test/crash-writer.ts');
const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abastece-engine-'));
  dirs.push(dir);
  return dir;
};
interface Writer {
  pid: number;
  parent: ChildProcess;
}
const writers: Writer[] = [];
afterAll(() => {
  // A test that failed half-way leaves writers running: they and the zombies of the others go.
  for (const { pid, parent } of writers) {
    if (pid && isRunning(pid) && processState(pid) !== 'Z') process.kill(pid, 'SIGKILL');
    parent.kill('SIGKILL');
  }
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/**
 * Starts the writer; resolves with it once it is ready, and collects every acknowledged id. Its
 * parent never waits for it (test/unreaped.ts): killed, it stays a zombie, as under a supervisor
 * that has not yet noticed the crash when the restart comes.
 */
function startWriter(dataDir: string, acked: Set<number>): Promise<Writer> {
  const { parent, lines } = startUnreaped(writer, [dataDir]);
  const started: Writer = { pid: 0, parent };
  writers.push(started);
  return new Promise((resolve, reject) => {
    lines.on('line', (line) => {
      const [word, n] = line.split(' ');
      if (word === 'pid') started.pid = Number(n);
      if (word === 'ready') resolve(started);
      if (word === 'ack') acked.add(Number(n));
      if (word === 'error') reject(new Error(`el escritor no partió: ${line.slice(6)}`));
    });
  });
}

/**
 * Kills the writer mid-write and returns once it is dead but not reaped: a zombie (9 of
 * 18 restarts were refused then). Without /proc the lock cannot tell a zombie from a live process
 * (data-dir-lock.ts), so there its parent goes and init reaps it first.
 */
async function crash({ pid, parent }: Writer) {
  process.kill(pid, 'SIGKILL');
  if (hasProc) return waitForZombie(pid);
  parent.kill('SIGKILL');
  await waitFor(() => !isRunning(pid));
}
const hasProc = processState(process.pid) !== null;
const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const waitFor = async (condition: () => boolean) => {
  while (!condition()) await new Promise((r) => setTimeout(r, 5));
};

describe('embedded database', () => {
  it(`keeps every acknowledged write through ${ROUNDS} SIGKILLs under write load, and restarts each time while the killed writer is a zombie`, async () => {
    const dataDir = tempDir();
    const acked = new Set<number>();
    for (let round = 0; round < ROUNDS; round++) {
      const writer = await startWriter(dataDir, acked);
      const target = acked.size + 20 + Math.floor(Math.random() * 150);
      await waitFor(() => acked.size >= target);
      // Kill mid-write: the writer is inside its next transaction by now.
      await crash(writer);
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
      await crash(first);
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
