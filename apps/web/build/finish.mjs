// Runs after the browser and pre-render builds: pre-renders the first pages, writes the route table for the server's
// preload links, then pre-compresses the output.
import { rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compressDir } from './compress.mjs';
import { prerender } from './prerender.mjs';
import { routeModules } from './routes.mjs';

const webRoot = fileURLToPath(new URL('..', import.meta.url));
const dist = `${webRoot}dist`;
const ssr = `${webRoot}dist-prerender`;
console.log(`pre-rendered ${await prerender(dist, `${ssr}/prerender.js`)} pages`);
rmSync(ssr, { recursive: true, force: true });
writeFileSync(`${dist}/.vite/routes.json`, `${JSON.stringify(routeModules(webRoot), null, 1)}\n`);
console.log(`pre-compressed ${compressDir(dist)} files (brotli and gzip)`);
