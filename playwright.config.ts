import { defineConfig, devices } from '@playwright/test';
import { E2E_DATA_DIR, E2E_MODERADOR } from './tests/fixtures';

const PORT = Number(process.env.E2E_PORT ?? 8765);

/** Debian's Chromium, with the flags this network needs (no background connections). */
export const chromiumLaunch = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    launchOptions: chromiumLaunch,
    locale: 'es-CL',
    timezoneId: 'America/Santiago',
    trace: 'retain-on-failure',
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions: chromiumLaunch } }],
  // The real server on a fresh embedded database (demo catalogue included), built SPA and all,
  // with a moderator created through the operator CLI.
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    // Ready, not only up: the comparison cache listens and has preloaded.
    url: `http://localhost:${PORT}/api/ready`,
    timeout: 180_000,
    reuseExistingServer: false,
    env: {
      PORT: String(PORT),
      DATA_DIR: E2E_DATA_DIR,
      E2E_MODERADOR_EMAIL: E2E_MODERADOR.email,
      E2E_MODERADOR_PASSWORD: E2E_MODERADOR.password,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000',
    },
  },
});
