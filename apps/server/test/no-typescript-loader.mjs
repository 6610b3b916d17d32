// Preloaded (node --import) into the built server and CLI by production-build.test.ts: a module resolved to a
// TypeScript file, or anything of tsx, fails the import that asked for it, so a production start that needed either
// stops instead of running.
import { register } from 'node:module';

const hooks = `
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  if (/\\.[cm]?tsx?$/.test(new URL(resolved.url).pathname) || /\\/node_modules\\/tsx\\//.test(resolved.url)) {
    throw new Error('TypeScript at run time: ' + resolved.url);
  }
  return resolved;
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`);
