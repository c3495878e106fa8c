// Test helper: a child process nobody waits for once it dies, as a supervisor busy for a second
// after a crash leaves it (restarts right after kill -9 were refused).
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import readline from 'node:readline';

export interface Unreaped {
  /** `sleep`, the parent that never waits: killing it lets init reap the child. */
  parent: ChildProcess;
  /** Every line the child prints, after a first line `pid N` with its pid. */
  lines: readline.Interface;
}

/**
 * Starts `node script …args` (through tsx for TypeScript) as a grandchild: `sh` starts it in the
 * background, prints its pid and becomes `sleep`, which never waits for it. Killed, it stays a
 * zombie for as long as the sleep lasts.
 */
export function startUnreaped(script: string, args: string[], env: NodeJS.ProcessEnv = process.env): Unreaped {
  const node = [process.execPath, ...(script.endsWith('.ts') ? ['--import', 'tsx'] : []), script, ...args];
  const parent = spawn('sh', ['-c', '"$@" & echo "pid $!"; exec sleep 600', 'sh', ...node], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  return { parent, lines: readline.createInterface({ input: parent.stdout! }) };
}

/** The state letter of a process in Linux's /proc (proc(5), field 3): 'Z' for a zombie. */
export function processState(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0]!;
  } catch {
    return null;
  }
}

/** Resolves once the process is a zombie: dead, its exit status waiting for a parent that does not ask. */
export async function waitForZombie(pid: number): Promise<void> {
  for (let t = 0; t < 1000; t++) {
    if (processState(pid) === 'Z') return;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`el proceso ${pid} no quedó zombi (estado ${processState(pid)})`);
}
