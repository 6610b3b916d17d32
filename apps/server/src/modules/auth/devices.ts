import type { FastifyRequest } from 'fastify';
import { UAParser } from 'ua-parser-js';
import type { SessionDevice } from '../../access/tokens.js';
import { networkOf } from '../../lib/network.js';

export const deviceOf = (request: FastifyRequest): SessionDevice => ({
  userAgent: request.headers['user-agent'],
  network: networkOf(request.ip),
});

/** Browser and system names from a user agent, for people to recognise their devices. */
export function describeAgent(userAgent: string | null): { browser: string | null; system: string | null } {
  if (!userAgent) return { browser: null, system: null };
  const { browser, os } = UAParser(userAgent);
  const join = (name?: string, version?: string) => (name ? [name, version?.split('.')[0]].filter(Boolean).join(' ') : null);
  return { browser: join(browser.name, browser.version), system: join(os.name, os.version) };
}
