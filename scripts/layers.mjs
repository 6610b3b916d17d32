// npm run layers: how deep the server stands, by folder (each area of src/modules, and lib, db, access, plugins,
// signal…). A folder sits one layer above the deepest folder it imports; folders that import each other form one
// layer together, and are listed, since an import there runs back up. Test files are left out.
import { execFileSync } from 'node:child_process';

const SRC = 'apps/server/src/';
// The project's own configuration, as `npm run depcruise` reads the server with it.
const json = execFileSync('npx', ['depcruise', SRC, '--output-type', 'json'], {
  env: { ...process.env, DEPCRUISE_APP: 'server' },
  encoding: 'utf8',
  maxBuffer: 256 * 1024 * 1024,
});
const { modules } = JSON.parse(json);

const folderOf = (file) => {
  if (!file.startsWith(SRC)) return null;
  const parts = file.slice(SRC.length).split('/');
  if (parts.length === 1) return parts[0].replace(/\.ts$/, '');
  // The demo seed writes through the modules' services: it stands above them, not with the database client.
  if (parts[0] === 'db' && /^seed(\.ts)?$/.test(parts[1])) return 'db/seed';
  return parts[0] === 'modules' ? `modules/${parts[1]}` : parts[0];
};

const edges = new Map();
for (const m of modules) {
  const from = folderOf(m.source);
  if (!from || /\.test\.ts$/.test(m.source)) continue;
  if (!edges.has(from)) edges.set(from, new Set());
  for (const d of m.dependencies) {
    const to = folderOf(d.resolved);
    if (to && to !== from && !d.dynamic) edges.get(from).add(to);
  }
}
for (const targets of edges.values()) for (const t of targets) if (!edges.has(t)) edges.set(t, new Set());

// Strongly connected components (Tarjan): each is one layer.
let index = 0;
const idx = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const compOf = new Map();
const comps = [];
function connect(v) {
  idx.set(v, index);
  low.set(v, index++);
  stack.push(v);
  onStack.add(v);
  for (const w of edges.get(v)) {
    if (!idx.has(w)) {
      connect(w);
      low.set(v, Math.min(low.get(v), low.get(w)));
    } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
  }
  if (low.get(v) === idx.get(v)) {
    const comp = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      compOf.set(w, comps.length);
      comp.push(w);
    } while (w !== v);
    comps.push(comp);
  }
}
for (const v of edges.keys()) if (!idx.has(v)) connect(v);

// Tarjan numbers components dependencies first, so one pass in order gives each its layer.
const layer = comps.map(() => 1);
comps.forEach((comp, c) => {
  for (const v of comp)
    for (const w of edges.get(v)) if (compOf.get(w) !== c) layer[c] = Math.max(layer[c], layer[compOf.get(w)] + 1);
});

const depth = Math.max(...layer);
const byLayer = new Map();
comps.forEach((comp, c) => {
  const name = comp.length > 1 ? `{${comp.sort().join(' ⇄ ')}}` : comp[0];
  byLayer.set(layer[c], [...(byLayer.get(layer[c]) ?? []), name]);
});
console.log(`The server stands ${depth} layers deep by folder (goal: 8 or fewer, no folders importing each other).`);
for (let l = depth; l >= 1; l--) console.log(`  ${String(l).padStart(2)}  ${(byLayer.get(l) ?? []).sort().join(', ')}`);
const cycles = comps.filter((c) => c.length > 1);
console.log(cycles.length ? `Folders importing each other: ${cycles.length}` : 'No folders import each other.');
