// A script of apps/web put inline into a page's head, without its comments and indentation: it must run before the
// first paint, where a script file would hold that paint back. The server's CSP admits each by its hash.
import { readFileSync } from 'node:fs';

export function inlineScript(name) {
  const source = readFileSync(new URL(`../${name}`, import.meta.url), 'utf8');
  return source
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('//'))
    .join('\n');
}
