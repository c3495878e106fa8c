import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = 'http://localhost:8000';

export default defineConfig({
  root: 'client',
  plugins: [react()],
  build: { outDir: '../dist/client', emptyOutDir: true },
  // `npm run dev`: Vite serves the SPA with hot reload and forwards the API to the server.
  server: { port: 5173, proxy: { '/api': api, '/auth': api } },
});
