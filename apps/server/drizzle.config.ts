import { defineConfig } from 'drizzle-kit';

// Each module owns its tables in a `*-schema.ts` file; migrations are generated and committed.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/modules/**/*-schema.ts',
  out: './drizzle',
});
