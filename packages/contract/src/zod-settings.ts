import { z } from 'zod';

// zod compiles object parsers with `new Function` where it can, and finds out by trying once, when the first object
// schema is built. In the browser that try is a violation of the web app's Content-Security-Policy (script-src
// 'self', no 'unsafe-eval'); interpreted parsers are fast enough for forms and API answers there. The server keeps
// the compiled ones. This module comes first in index.ts, so it runs before any schema is built.
if ('document' in globalThis) z.config({ jitless: true });
