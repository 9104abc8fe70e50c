import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate` writes a new versioned migration from src/db/schema.ts; the server applies
// pending ones at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
