// Runs only the realtime fan-out figures: `node scripts/bench/run-fan-out.mjs` after `npm run build`.
import path from 'node:path';
import { benchRealtimeFanOut } from './realtime-fan-out.mjs';

const rows = [];
await benchRealtimeFanOut({
  root: path.resolve(import.meta.dirname, '../..'),
  port: Number(process.env.BENCH_PORT ?? 8020) + 40,
  report: (area, figure, value) => rows.push({ area, figure, value }),
});
for (const row of rows) console.log(`${row.area} — ${row.figure}: ${row.value}`);
