import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress, preloadLandingPages } from './scripts/client-build';

// API_PORT: where `npm run dev`'s server listens when it is not the default 8000.
const api = `http://localhost:${process.env.API_PORT ?? 8000}`;

export default defineConfig({
  root: 'client',
  plugins: [
    react(),
    // The pages first visits land on (Lighthouse on /, /login, /signup and the buyer's /cotizar).
    preloadLandingPages({
      '/': 'src/features/home/pages/home-page.tsx',
      '/login': 'src/features/auth/pages/login-page.tsx',
      '/signup': 'src/features/auth/pages/signup-page.tsx',
      '/cotizar': 'src/features/cotizaciones/pages/cotizar-page.tsx',
    }),
    precompress(),
  ],
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    // Brotli at its best level takes a few seconds on purpose (once per build, not per request).
    rolldownOptions: { checks: { bundlerTimings: false } },
  },
  // `npm run dev`: Vite serves the SPA with hot reload and forwards the API to the server.
  server: { port: 5173, proxy: { '/api': api, '/auth': api } },
});
