import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The yardstick: node:http answering the same small JSON as /api/health, with nothing else in the way. */
export async function startBareServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const body = JSON.stringify({ status: 'ok' });
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
