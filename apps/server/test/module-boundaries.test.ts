import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type IConfiguration, type ICruiseResult } from 'dependency-cruiser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The rule that modules talk through their front doors, tried on a planted tree laid out like the server's: it must
 * report an import of another module's repository or helper and let the public face, the module's own files and the
 * layers below through. `npm run depcruise` then proves the real tree keeps it.
 */
const RULE = 'server-module-to-other-module-internals';
const CONFIG = fileURLToPath(new URL('../../../.dependency-cruiser.cjs', import.meta.url));

const PLANTED: Record<string, string> = {
  'apps/server/src/lib/errors.ts': 'export const e = 1;\n',
  'apps/server/src/db/lock-user.ts': 'export const lockUser = 1;\n',
  'apps/server/src/modules/users/repository.ts': 'export const findUserByEmail = 1;\n',
  'apps/server/src/modules/users/service.ts': "export { findUserByEmail } from './repository.js';\n",
  'apps/server/src/modules/users/types.ts': 'export type UserPatch = { a: 1 };\n',
  'apps/server/src/modules/groups/sessions-service.ts': 'export const notify = 1;\n',
  'apps/server/src/modules/images/upload.ts': 'export const detect = 1;\n',
  'apps/server/src/modules/planted/repository.ts': 'export const own = 1;\n',
  'apps/server/src/modules/planted/service.ts': [
    "import { findUserByEmail } from '../users/repository.js';",
    "import { findUserByEmail as viaFace } from '../users/service.js';",
    "import type { UserPatch } from '../users/types.js';",
    "import { notify } from '../groups/sessions-service.js';",
    "import { own } from './repository.js';",
    "import { lockUser } from '../../db/lock-user.js';",
    "import { e } from '../../lib/errors.js';",
    'export const all: unknown[] = [findUserByEmail, viaFace, notify, own, lockUser, e];',
    'export type Patch = UserPatch;',
    '',
  ].join('\n'),
  'apps/server/src/modules/planted/routes.ts': "import { detect } from '../images/upload.js';\nexport const d = detect;\n",
};

let root: string;
let result: ICruiseResult;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'rozmova-boundaries-'));
  for (const [file, text] of Object.entries(PLANTED)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
  const { forbidden } = createRequire(import.meta.url)(CONFIG) as IConfiguration;
  const out = await cruise(['apps/server/src'], {
    ruleSet: { forbidden },
    validate: true,
    tsPreCompilationDeps: true,
    baseDir: root,
  });
  result = out.output as ICruiseResult;
});

afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

describe('modules talk through their front doors', () => {
  it("reports a planted import of another module's repository or helper, and nothing else", () => {
    const found = result.summary.violations.filter((v) => v.rule.name === RULE).map((v) => `${v.from} -> ${v.to}`);
    expect(found.sort()).toEqual([
      'apps/server/src/modules/planted/routes.ts -> apps/server/src/modules/images/upload.ts',
      'apps/server/src/modules/planted/service.ts -> apps/server/src/modules/users/repository.ts',
    ]);
  });

  it('resolved every planted import, so the clean ones were checked too', () => {
    const planted = result.modules.find((m) => m.source === 'apps/server/src/modules/planted/service.ts');
    expect(planted?.dependencies.map((d) => d.resolved).sort()).toEqual([
      'apps/server/src/db/lock-user.ts',
      'apps/server/src/lib/errors.ts',
      'apps/server/src/modules/groups/sessions-service.ts',
      'apps/server/src/modules/planted/repository.ts',
      'apps/server/src/modules/users/repository.ts',
      'apps/server/src/modules/users/service.ts',
      'apps/server/src/modules/users/types.ts',
    ]);
  });
});
