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

/**
 * Who a pid is, beyond the number: the boot and the process's start time (Linux /proc), so a pid
 * reused by another process after a crash or a reboot (a container's pid 1, say) is told apart.
 * Null where /proc is not available; the pid alone then decides.
 */
export function processIdentity(pid: number): string | null {
  const stat = readOrNull(`/proc/${pid}/stat`);
  const bootId = readOrNull('/proc/sys/kernel/random/boot_id');
  if (!stat || !bootId) return null;
  // The command name (field 2) may hold spaces and parentheses: count fields after the last ')'.
  const startTime = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  return startTime ? `${bootId}:${startTime}` : null;
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

/** Whether the process that wrote the lock still runs: same pid, and the same process behind it. */
function isHeld(holder: Holder): boolean {
  if (holder.identity === null) return holder.pid !== process.pid && isAlive(holder.pid);
  return isAlive(holder.pid) && processIdentity(holder.pid) === holder.identity;
}

/**
 * Exclusive lock on DATA_DIR. The embedded engine has none of its own and a second opener
 * silently corrupts the data (docs/decisions/001). A lock left by a killed process is taken
 * over, since that process is gone (even when its pid now names another one); that keeps
 * restart after kill -9, or after a reboot, automatic.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'abastece.lock');
  const mine = JSON.stringify({ pid: process.pid, identity: processIdentity(process.pid) } satisfies Holder);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, mine);
      fs.closeSync(fd);
      return () => {
        if (readOrNull(lockPath) === mine) fs.rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = parseHolder(readOrNull(lockPath) ?? '');
      if (holder && isHeld(holder)) throw new DataDirLockedError(dataDir, holder.pid);
      // Stale: rename first so that of two processes racing to take it over only one wins.
      try {
        fs.renameSync(lockPath, `${lockPath}.stale-${process.pid}`);
        fs.unlinkSync(`${lockPath}.stale-${process.pid}`);
      } catch {
        // another process took it over first; try again
      }
    }
  }
  throw new Error(`No se pudo bloquear el directorio de datos ${dataDir}`);
}
