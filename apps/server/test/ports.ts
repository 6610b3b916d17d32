import { createServer } from 'node:net';

/** A TCP port on 127.0.0.1 that nothing listens on just now, for a server a test starts itself. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen({ port: 0, host: '127.0.0.1' }, () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
