import { defineConfig } from 'drizzle-kit';

// Only `drizzle-kit generate` uses this; the app applies migrations itself on start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema/*.ts',
  out: './server/db/migrations',
});
