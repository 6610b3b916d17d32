// npm run bench: runs every bench/*.bench.ts in its own Node process (TypeScript through tsx); each prints its figures.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const benches = readdirSync(new URL('.', import.meta.url))
  .filter((f) => f.endsWith('.bench.ts'))
  .sort();

let failed = 0;
for (const file of benches) {
  console.log(`\n▶ bench/${file}`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', `bench/${file}`], { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) {
    failed++;
    console.error(`bench/${file} failed (exit ${run.status ?? run.signal})`);
  }
}
process.exit(failed ? 1 : 0);
