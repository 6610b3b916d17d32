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

/**
 * Whether a Host header names this deployment: the host of PUBLIC_URL (with its port, or none when it uses the
 * default one), an entry of ALLOWED_HOSTS (a name alone admits any port), or a loopback name.
 */
export function hostMatcher(publicUrl: string, allowedHosts: string[]): (host: string) => boolean {
  const pub = new URL(publicUrl);
  const defaultPort = pub.protocol === 'https:' ? '443' : '80';
  const rules: HostRule[] = [
    { name: pub.hostname, ports: new Set(pub.port ? [pub.port] : ['', defaultPort]) },
    ...LOOPBACK.map((name) => ({ name, ports: 'any' as const })),
  ];
  for (const entry of allowedHosts) {
    const parsed = parseHost(entry);
    if (parsed) rules.push({ name: parsed.name, ports: parsed.port ? new Set([parsed.port]) : 'any' });
  }
  return (host) => {
    const parsed = parseHost(host);
    return parsed !== null && rules.some((r) => r.name === parsed.name && (r.ports === 'any' || r.ports.has(parsed.port)));
  };
}
