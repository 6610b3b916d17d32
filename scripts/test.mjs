// npm test: every check in turn, stopping at the first that fails, with the time each took, so a slow stage shows.
// The three static checks are independent and mostly wait on the disk, so they run side by side.
import { spawn } from 'node:child_process';

const STAGES = [['lint', 'typecheck', 'depcruise'], ['test:api'], ['test:web'], ['test:e2e']];

const run = (script) =>
  new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npm', ['run', script], { stdio: 'inherit' });
    child.on('exit', (code, signal) =>
      resolve({ script, code: code ?? (signal ? 1 : 0), seconds: (Date.now() - started) / 1000 }),
    );
  });

const times = [];
const started = Date.now();
let failed;
for (const group of STAGES) {
  const results = await Promise.all(group.map(run));
  times.push(...results);
  failed = results.find((r) => r.code !== 0);
  if (failed) break;
}

const total = (Date.now() - started) / 1000;
const line = (name, seconds, note = '') => `  ${name.padEnd(10)} ${seconds.toFixed(0).padStart(5)} s${note}`;
console.log('\nnpm test, time per stage:');
for (const t of times) console.log(line(t.script, t.seconds, t.code === 0 ? '' : `  failed (exit ${t.code})`));
console.log(line('total', total));
process.exit(failed ? failed.code : 0);
