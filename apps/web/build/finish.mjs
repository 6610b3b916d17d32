// Runs after the browser and pre-render builds: pre-renders the first pages, writes the route table for the server's
// preload links, then pre-compresses the output.
import { rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { compressDir } from './compress.mjs';
import { prerender } from './prerender.mjs';

const webRoot = fileURLToPath(new URL('..', import.meta.url));
const dist = `${webRoot}dist`;
const ssr = `${webRoot}dist-prerender/prerender.js`;
const { ROUTES, TEXT_GROUPS } = await import(pathToFileURL(ssr).href);
console.log(`pre-rendered ${await prerender(dist, ssr)} pages`);
rmSync(`${webRoot}dist-prerender`, { recursive: true, force: true });
// Keyed as the Vite manifest keys modules, so the server can follow each screen's chunks.
const routes = ROUTES.map(({ path, module, kind }) => ({ path, module: `src/${module}`, texts: TEXT_GROUPS[kind] }));
writeFileSync(`${dist}/.vite/routes.json`, `${JSON.stringify(routes, null, 1)}\n`);
console.log(`pre-compressed ${compressDir(dist)} files (brotli and gzip)`);
