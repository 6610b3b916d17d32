import autocannon from 'autocannon';

export type LoadTarget = {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  connections: number;
  body?: unknown;
  token?: string;
};
export type LoadResult = {
  name: string;
  connections: number;
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  failures: number;
  kbPerResponse: number;
};

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** Drives one endpoint for `seconds` with the target's number of concurrent connections and times every response. */
export async function load(baseUrl: string, target: LoadTarget, seconds: number): Promise<LoadResult> {
  const latencies: number[] = [];
  let failures = 0;
  let bytes = 0;
  const instance = autocannon({
    url: `${baseUrl}${target.path}`,
    method: target.method,
    connections: target.connections,
    duration: seconds,
    timeout: 30,
    headers: {
      'content-type': 'application/json',
      ...(target.token ? { authorization: `Bearer ${target.token}` } : {}),
    },
    body: target.body === undefined ? undefined : JSON.stringify(target.body),
  });
  instance.on('response', (_client: unknown, status: number, resBytes: number, ms: number) => {
    if (status >= 200 && status < 300) {
      latencies.push(ms);
      bytes += resBytes;
    } else failures++;
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return {
    name: target.name,
    connections: target.connections,
    requests: latencies.length,
    perSecond: latencies.length / (result.duration || seconds),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    failures: failures + result.errors + result.timeouts,
    kbPerResponse: latencies.length ? bytes / latencies.length / 1024 : 0,
  };
}

/** A plain-text table, one row per measured endpoint. */
export function table(title: string, rows: LoadResult[], seconds: number): string {
  const head = ['endpoint', 'conns', 'req/s', 'p50 ms', 'p95 ms', 'requests', 'failed', 'KB/resp'];
  const body = rows.map((r) => [
    r.name,
    String(r.connections),
    r.perSecond.toFixed(1),
    r.p50.toFixed(1),
    r.p95.toFixed(1),
    String(r.requests),
    String(r.failures),
    r.kbPerResponse.toFixed(1),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((row) => row[i].length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => `${i === 0 ? ':' : '-'}${'-'.repeat(w)}${i === 0 ? '-' : ':'}`).join('|')}|`;
  return [`${title} — ${seconds} s per endpoint`, line(head), rule, ...body.map(line)].join('\n');
}

export type ThroughputResult = { name: string; perSecond: number; p50: number; p99: number; failures: number };

/**
 * Drives one endpoint as hard as `connections` clients can, from a worker thread so the load generator does not share
 * the server's event loop; answers req/s and latency percentiles of the whole run.
 */
export async function throughput(
  baseUrl: string,
  target: Omit<LoadTarget, 'connections'> & { connections?: number; setupRequest?: string },
  seconds: number,
): Promise<ThroughputResult> {
  const result = await autocannon({
    // A module path: the worker thread require()s it to shape each request.
    ...(target.setupRequest && { requests: [{ setupRequest: target.setupRequest }] }),
    url: `${baseUrl}${target.path}`,
    method: target.method,
    connections: target.connections ?? 50,
    duration: seconds,
    workers: 1,
    headers: {
      'content-type': 'application/json',
      ...(target.token ? { authorization: `Bearer ${target.token}` } : {}),
    },
    body: target.body === undefined ? undefined : JSON.stringify(target.body),
  });
  return {
    name: target.name,
    perSecond: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

/**
 * A plain-text table of throughput rows, each also as a share of the first row's req/s (the bare server), or as the
 * given shares (worked out round by round).
 */
export function ratioTable(title: string, rows: ThroughputResult[], shares?: number[]): string {
  const bare = rows[0].perSecond;
  const head = ['endpoint', 'req/s', 'p50 ms', 'p99 ms', 'failed', 'of bare'];
  const body = rows.map((r, i) => [
    r.name,
    r.perSecond.toFixed(0),
    r.p50.toFixed(1),
    r.p99.toFixed(1),
    String(r.failures),
    `${((shares?.[i] ?? r.perSecond / bare) * 100).toFixed(0)} %`,
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((row) => row[i].length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => `${i === 0 ? ':' : '-'}${'-'.repeat(w)}${i === 0 ? '-' : ':'}`).join('|')}|`;
  return [title, line(head), rule, ...body.map(line)].join('\n');
}
