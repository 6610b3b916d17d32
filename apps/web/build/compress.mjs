// Writes `<file>.br` and `<file>.gz` beside every text file of the build; the server sends these copies
// (@fastify/static `preCompressed`), so nothing is compressed per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
/** Below this a compressed copy saves less than its own headers cost. */
const MIN_BYTES = 512;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    // .vite holds the build's own records (manifest, route table), read by the server and never sent.
    if (name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

/** Highest levels: it runs once per build, and the files are sent many times. */
export function compressDir(dir) {
  let count = 0;
  for (const path of files(dir)) {
    if (!COMPRESSIBLE.test(path)) continue;
    const data = readFileSync(path);
    if (data.length < MIN_BYTES) continue;
    writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
    const params = {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    };
    writeFileSync(`${path}.br`, brotliCompressSync(data, { params }));
    count++;
  }
  return count;
}
