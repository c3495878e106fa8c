import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir, processIdentity } from './data-dir-lock';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abastece-lock-'));
  dirs.push(dir);
  return dir;
};
const writeLock = (dir: string, content: unknown) =>
  fs.writeFileSync(path.join(dir, 'abastece.lock'), typeof content === 'string' ? content : JSON.stringify(content));

// Another live process: what a reused pid looks like from here.
let other: ChildProcess;
beforeAll(async () => {
  other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  await new Promise((r) => other.once('spawn', r));
});
afterAll(() => {
  other.kill('SIGKILL');
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

describe('lockDataDir', () => {
  it('refuses a directory that a running process holds', () => {
    const dir = tempDir();
    writeLock(dir, { pid: other.pid, identity: processIdentity(other.pid!) });
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    const release = lockDataDir(tempDir());
    release();
  });

  it.runIf(processIdentity(process.pid) !== null)('takes over a stale lock whose pid now belongs to another process', () => {
    const dir = tempDir();
    // Written by a process long gone, whose pid the running `other` has since been given.
    writeLock(dir, { pid: other.pid, identity: `${processIdentity(other.pid!)!.split(':')[0]}:1` });
    const release = lockDataDir(dir);
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'abastece.lock'), 'utf8'))).toEqual({ pid: process.pid, identity: processIdentity(process.pid) });
    release();
    expect(fs.existsSync(path.join(dir, 'abastece.lock'))).toBe(false);
  });

  it('takes over a lock from before a reboot, even under its own pid (a container restarted as pid 1)', () => {
    const dir = tempDir();
    writeLock(dir, { pid: process.pid, identity: 'otro-arranque:12345' });
    lockDataDir(dir)();
  });

  it('refuses a second lock from the same process', () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    if (processIdentity(process.pid) !== null) expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    release();
  });

  it('reads the bare pid that earlier versions wrote, and a garbled file as stale', () => {
    const dir = tempDir();
    writeLock(dir, String(other.pid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    writeLock(dir, '999999999');
    lockDataDir(dir)();
    writeLock(dir, '{"pid":');
    lockDataDir(dir)();
  });
});
