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

/**
 * Exclusive lock on DATA_DIR. The embedded engine has none of its own and a second opener
 * silently corrupts the data (docs/decisions/001). A lock left by a killed process is taken
 * over, since its pid is gone; that keeps restart after kill -9 automatic.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'abastece.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      return () => {
        try {
          if (fs.readFileSync(lockPath, 'utf8') === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(fs.readFileSync(lockPath, 'utf8'), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
        throw new DataDirLockedError(dataDir, holder);
      }
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
