// Starts the real app for the end-to-end suite on a fresh embedded database under DATA_DIR,
// after creating the suite's moderator with the operator CLI (how moderators come to exist).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';

fs.rmSync(process.env.DATA_DIR, { recursive: true, force: true });
const { E2E_MODERADOR_EMAIL: email, E2E_MODERADOR_PASSWORD: password } = process.env;
const created = spawnSync('npm', ['run', '-s', 'create-user', '--', '--email', email, '--password', password, '--role', 'moderador'], {
  stdio: 'inherit',
  env: process.env,
});
if (created.status !== 0) process.exit(created.status ?? 1);

const child = spawn('npm', ['start'], { stdio: 'inherit', env: process.env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
