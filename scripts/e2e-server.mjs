// Starts the real app for the end-to-end suite on a fresh embedded database under DATA_DIR.
import { spawn } from 'node:child_process';
import fs from 'node:fs';

fs.rmSync(process.env.DATA_DIR, { recursive: true, force: true });
const child = spawn('npm', ['start'], { stdio: 'inherit', env: process.env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
