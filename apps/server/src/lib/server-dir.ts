import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server's package folder (apps/server), the nearest one above this module holding a package.json. The module
 * sits in src/lib when run from source and is bundled into dist/ for production (build.mjs), so files read at run
 * time (the migrations, the web app's build) are found from here rather than from a fixed depth.
 */
function findServerDir(): string {
  const here = fileURLToPath(import.meta.url);
  let dir = dirname(here);
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`No package.json in any folder above ${here}`);
    dir = parent;
  }
  return dir;
}

export const serverDir = findServerDir();
