import { z } from 'zod';

// zod compiles object parsers with `new Function` when it can, and finds out by trying once: under the app's
// Content-Security-Policy (script-src 'self', no 'unsafe-eval') that try is a reported violation. The interpreted
// parsers are fast enough for forms and API answers, so the browser never tries.
z.config({ jitless: true });
