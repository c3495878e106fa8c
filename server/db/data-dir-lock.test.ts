import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DataDirLockedError, lockDataDir, processIdentity } from './data-dir-lock';
import { processState, startUnreaped, waitForZombie } from './test/unreaped';

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

  it.runIf(processState(process.pid) !== null)('refuses a running holder, and takes over from it once killed, while it is still a zombie', async () => {
    const dir = tempDir();
    const { parent, lines } = startUnreaped('server/db/test/lock-holder.ts', [dir]);
    let pid = 0;
    try {
      await new Promise<void>((resolve) =>
        lines.on('line', (line) => {
          if (line.startsWith('pid ')) pid = Number(line.slice(4));
          if (line === 'locked') resolve();
        }),
      );
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      process.kill(pid, 'SIGKILL');
      // Its parent never waits for it: dead, but its pid still answers kill(pid, 0).
      await waitForZombie(pid);
      expect(() => process.kill(pid, 0)).not.toThrow();
      const release = lockDataDir(dir);
      expect(JSON.parse(fs.readFileSync(path.join(dir, 'abastece.lock'), 'utf8'))).toMatchObject({ pid: process.pid });
      release();
    } finally {
      // Still running only if the test failed before killing it (pid 0 would be this process group).
      if (pid && ![null, 'Z'].includes(processState(pid))) process.kill(pid, 'SIGKILL');
      parent.kill('SIGKILL');
    }
  });

  it('puts back a lock that another restart took over first, and refuses', () => {
    const dir = tempDir();
    const lockPath = path.join(dir, 'abastece.lock');
    writeLock(dir, '999999999');
    const winner = JSON.stringify({ pid: other.pid, identity: processIdentity(other.pid!) });
    const rename = fs.renameSync;
    // Both found the dead process's lock; the other one took it over just before this one moves it aside.
    const spy = vi.spyOn(fs, 'renameSync').mockImplementationOnce((from, to) => {
      fs.rmSync(lockPath);
      fs.writeFileSync(lockPath, winner);
      rename(from, to);
    });
    try {
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    } finally {
      spy.mockRestore();
    }
    expect(fs.readFileSync(lockPath, 'utf8')).toBe(winner);
    expect(fs.readdirSync(dir)).toEqual(['abastece.lock']);
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
