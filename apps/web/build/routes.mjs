// The route table as data for the server: each path of src/app/routes.tsx with the source module of its screen and
// the groups of texts it loads (src/lib/i18n.ts), read from the file's text (every route is one object with a `path`
// and, for a real screen, `lightPage`, `lazyPage` or `staffPage` around an `import()` of its page).
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const EXTENSIONS = ['', '.tsx', '.ts', '/index.tsx', '/index.ts'];
const TEXTS = { lightPage: [], lazyPage: ['app'], staffPage: ['app', 'staff'] };

export function routeModules(webRoot) {
  const file = join(webRoot, 'src/app/routes.tsx');
  const text = readFileSync(file, 'utf8');
  const starts = [...text.matchAll(/\bpath:\s*'([^']+)'/g)];
  return starts.map((match, i) => {
    const body = text.slice(match.index, starts[i + 1]?.index ?? text.length);
    const imported = /import\(\s*'([^']+)'\s*\)/.exec(body)?.[1];
    const base = imported && resolve(join(webRoot, 'src/app'), imported);
    const found = base && EXTENSIONS.map((ext) => base + ext).find((candidate) => existsSync(candidate));
    const kind = /\b(lightPage|lazyPage|staffPage)\(/.exec(body)?.[1];
    return { path: match[1], ...(found && { module: relative(webRoot, found) }), texts: TEXTS[kind] ?? [] };
  });
}
