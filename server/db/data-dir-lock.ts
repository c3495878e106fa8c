import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `El directorio de datos ${dataDir} ya está en uso por otro proceso (pid ${pid}). ` +
        'Detén ese proceso, usa otro DATA_DIR o conecta ambos a PostgreSQL con DATABASE_URL.',
    );
  }
}

/** Where /proc is not available (macOS): whether the pid exists. A zombie still does. */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const readOrNull = (file: string) => {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    return null;
  }
};

/** A process's state, kernel flags and start time from Linux's /proc (proc(5): fields 3, 9 and 22). */
function readStat(pid: number): { state: string; flags: number; startTime: string } | null {
  const stat = readOrNull(`/proc/${pid}/stat`);
  if (!stat) return null;
  // The command name (field 2) may hold spaces and parentheses: count fields after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19] ? { state: fields[0]!, flags: Number(fields[6]), startTime: fields[19] } : null;
}

/**
 * Who a pid is, beyond the number: the boot and the process's start time (Linux /proc), so a pid
 * reused by another process after a crash or a reboot (a container's pid 1, say) is told apart.
 * Null where /proc is not available; the pid alone then decides.
 */
export function processIdentity(pid: number): string | null {
  const stat = readStat(pid);
  const bootId = readOrNull('/proc/sys/kernel/random/boot_id');
  return stat && bootId ? `${bootId}:${stat.startTime}` : null;
}

/** Zombie, dead (proc(5)): the process has exited; only its exit status waits for its parent. */
const EXITED_STATES = new Set(['Z', 'X', 'x']);
/** PF_EXITING in the flags of /proc/<pid>/stat (Linux include/linux/sched.h): inside exit() already. */
const PF_EXITING = 0x4;

/**
 * Whether the process has exited or is exiting (Linux /proc). A process killed with `kill -9`
 * stays a zombie until its parent waits for it, a second or more under a busy supervisor, and
 * `kill(pid, 0)` still succeeds on a zombie: that refused half the restarts right after a crash
 *. The main thread is the one read, and the one that matters: PGlite runs on it, so
 * once it is out of user code nothing more of that process writes the database; the rest of its
 * threads can take a moment longer to die on a busy machine, with nothing left to run.
 */
function hasExited(pid: number): boolean {
  const stat = readStat(pid);
  return stat === null || EXITED_STATES.has(stat.state) || (stat.flags & PF_EXITING) !== 0;
}

interface Holder {
  pid: number;
  identity: string | null;
}

/** The lock file's content: JSON {pid, identity}, or a bare pid as earlier versions wrote it. */
function parseHolder(text: string): Holder | null {
  try {
    const value = JSON.parse(text) as unknown;
    if (typeof value === 'number') return Number.isInteger(value) ? { pid: value, identity: null } : null;
    const { pid, identity } = value as Partial<Holder>;
    return Number.isInteger(pid) ? { pid: pid!, identity: typeof identity === 'string' ? identity : null } : null;
  } catch {
    return null;
  }
}

/** Whether the process that wrote the lock still runs: same pid, the same process behind it, not exited. */
function isHeld(holder: Holder): boolean {
  if (readOrNull('/proc/self/stat') === null) return holder.pid !== process.pid && isAlive(holder.pid);
  if (hasExited(holder.pid)) return false;
  return holder.identity === null ? holder.pid !== process.pid : processIdentity(holder.pid) === holder.identity;
}

/**
 * Exclusive lock on DATA_DIR. The embedded engine has none of its own and a second opener
 * silently corrupts the data (docs/decisions/001). A lock left by a killed process is taken
 * over, since that process is gone (even when it is a zombie nobody has waited for yet, or its pid
 * now names another process); that keeps restart after kill -9, or after a reboot, automatic.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'abastece.lock');
  const mine = JSON.stringify({ pid: process.pid, identity: processIdentity(process.pid) } satisfies Holder);
  // Written whole first and then linked in place (link fails if the lock exists): nobody ever
  // reads a lock half written, which would look garbled, hence stale.
  const draft = `${lockPath}.${process.pid}`;
  fs.writeFileSync(draft, mine);
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        fs.linkSync(draft, lockPath);
        return () => {
          if (readOrNull(lockPath) === mine) fs.rmSync(lockPath, { force: true });
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const stale = readOrNull(lockPath) ?? '';
      const holder = parseHolder(stale);
      if (holder && isHeld(holder)) throw new DataDirLockedError(dataDir, holder.pid);
      // Stale: moved aside, then looked at. Another process that judged it stale too may have taken
      // it over in between, and what was moved is then that one's live lock: it goes back, and the
      // second of two restarts racing after a crash is refused instead of opening the data twice.
      const moved = `${lockPath}.stale-${process.pid}`;
      try {
        fs.renameSync(lockPath, moved);
      } catch {
        continue; // gone already: released, or taken over
      }
      const taken = readOrNull(moved) ?? '';
      if (taken !== stale) {
        try {
          fs.linkSync(moved, lockPath);
        } catch {
          // A third process came in meanwhile: only a lock the kernel keeps would settle three.
        }
        fs.unlinkSync(moved);
        throw new DataDirLockedError(dataDir, parseHolder(taken)?.pid ?? 0);
      }
      fs.unlinkSync(moved);
    }
  } finally {
    fs.rmSync(draft, { force: true });
  }
  throw new Error(`No se pudo bloquear el directorio de datos ${dataDir}`);
}
