import type { IncomingMessage } from 'node:http';
import { BlockList, isIPv6 } from 'node:net';

type HostRule = { name: string; ports: Set<string> | 'any' };

/** The loopback names: the machine itself (local use, health checks), which no other site can make a browser send. */
const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];

/** A Host header (or an ALLOWED_HOSTS entry) as name and port ('' when none is given), or null when it is not one. */
export function parseHost(host: string): { name: string; port: string } | null {
  if (!/^[a-z0-9.\-[\]:]+$/i.test(host)) return null;
  try {
    const url = new URL(`http://${host}`);
    // `new URL` drops port 80 for http:; put back what was written.
    const port = /:(\d+)$/.exec(host)?.[1] ?? '';
    return url.pathname === '/' ? { name: url.hostname, port } : null;
  } catch {
    return null;
  }
}

const matchRules = (rules: HostRule[]) => (host: string) => {
  const parsed = parseHost(host);
  return parsed !== null && rules.some((r) => r.name === parsed.name && (r.ports === 'any' || r.ports.has(parsed.port)));
};

/** The loopback names and the entries of ALLOWED_HOSTS (a name alone admits any port). */
function listedRules(allowedHosts: string[]): HostRule[] {
  const rules: HostRule[] = LOOPBACK.map((name) => ({ name, ports: 'any' as const }));
  for (const entry of allowedHosts) {
    const parsed = parseHost(entry);
    if (parsed) rules.push({ name: parsed.name, ports: parsed.port ? new Set([parsed.port]) : 'any' });
  }
  return rules;
}

/**
 * Whether a Host header names this deployment: the host of PUBLIC_URL (with its port, or none when it uses the
 * default one), an entry of ALLOWED_HOSTS (a name alone admits any port), or a loopback name.
 */
export function hostMatcher(publicUrl: string, allowedHosts: string[]): (host: string) => boolean {
  const pub = new URL(publicUrl);
  const defaultPort = pub.protocol === 'https:' ? '443' : '80';
  return matchRules([
    { name: pub.hostname, ports: new Set(pub.port ? [pub.port] : ['', defaultPort]) },
    ...listedRules(allowedHosts),
  ]);
}

/**
 * Whether a page of this origin may use the API from the browser: PUBLIC_URL's own origin (scheme and port
 * included), or an http(s) origin on a host of ALLOWED_HOSTS or a loopback name. Never judged by the request's Host,
 * which whoever sends the request chooses.
 */
export function originMatcher(publicUrl: string, allowedHosts: string[]): (origin: string) => boolean {
  const own = new URL(publicUrl).origin;
  const listed = matchRules(listedRules(allowedHosts));
  return (origin) => {
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      return false;
    }
    if (url.origin === own) return true;
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === origin && listed(url.host);
  };
}

const HOST_HEADER = /^host$/i;

/** Why a request's Host is refused (more than one Host header, or a host this deployment does not answer for), or null. */
export function hostRefusal(rawHeaders: string[], host: string, allowed: (host: string) => boolean): string | null {
  let count = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) if (HOST_HEADER.test(rawHeaders[i])) count += 1;
  if (count > 1) return 'Send one Host header';
  return host && allowed(host) ? null : 'This server does not answer for this host';
}

/** Whether a peer is a proxy TRUST_PROXY names, as Fastify decides it for `request.host` (a hop count trusts any peer). */
export function proxyTrust(trust: false | number | string[]): (address: string | undefined) => boolean {
  if (trust === false) return () => false;
  if (typeof trust === 'number') return () => trust > 0;
  const proxies = new BlockList();
  for (const entry of trust) {
    const [address, bits] = entry.split('/');
    const family = isIPv6(address) ? 'ipv6' : 'ipv4';
    if (bits === undefined) proxies.addAddress(address, family);
    else proxies.addSubnet(address, Number(bits), family);
  }
  return (address) => address !== undefined && proxies.check(address, isIPv6(address) ? 'ipv6' : 'ipv4');
}

/**
 * The host a request that Fastify never sees (socket.io's) is for, as Fastify's `request.host` reads it: the last
 * X-Forwarded-Host a trusted proxy sends, else the Host header.
 */
export function requestHost(req: IncomingMessage, trusted: (address: string | undefined) => boolean): string {
  const forwarded = req.headers['x-forwarded-host'];
  if (typeof forwarded === 'string' && forwarded && trusted(req.socket.remoteAddress)) {
    return forwarded.slice(forwarded.lastIndexOf(',') + 1).trim();
  }
  return req.headers.host ?? '';
}
