import { readFileSync } from 'node:fs';
import { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { Socket } from 'node:net';
import { dirname, join } from 'node:path';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { helmetHeaders, helmetOptions } from './security.js';

const require = createRequire(import.meta.url);
const helmetVersion = JSON.parse(readFileSync(join(dirname(require.resolve('helmet')), 'package.json'), 'utf8')).version;

describe('helmet as the security headers know it', () => {
  it('is version 8, and its middleware sets on a real response, at once, the headers worked out at start', () => {
    expect(helmetVersion).toMatch(/^8\./);
    const publicUrl = 'https://rozmova.example';
    const options = { scriptHashes: ['sha256-abc='], connectTo: ['wss://janus.example:8989/janus'] };
    const req = new IncomingMessage(new Socket());
    const res = new ServerResponse(req);
    let nextCalled = false;
    helmet(helmetOptions(publicUrl, options))(req, res, () => {
      nextCalled = true;
    });
    expect(nextCalled).toBe(true);
    const computed = helmetHeaders(publicUrl, options).map(([name, value]) => [name.toLowerCase(), value]);
    expect(computed).toEqual(Object.entries(res.getHeaders()).map(([name, value]) => [name, String(value)]));
    expect(computed.map(([name]) => name)).toContain('content-security-policy');
    expect(Object.fromEntries(computed)['content-security-policy']).toContain(
      "connect-src 'self' wss://rozmova.example wss://janus.example:8989",
    );
  });
});
