import { createServer } from 'node:net';

/**
 * Why the server could not listen on host:port, in words, or null when it can. Checked before the database is opened,
 * so a second start against a busy port fails in one clear line and writes nothing.
 */
export function portProblem(port: number, host: string): Promise<string | null> {
  if (port === 0) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EADDRINUSE') {
        resolve(`Port ${port} on ${host} is already in use. Stop the other server or set PORT to a free port.`);
      } else if (err.code === 'EACCES') {
        resolve(`Port ${port} on ${host} needs higher privileges. Set PORT to a port above 1023.`);
      } else if (err.code === 'EADDRNOTAVAIL') {
        resolve(`${host} is not an address of this machine. Set HOST to one of its addresses, such as 127.0.0.1.`);
      } else {
        reject(err);
      }
    });
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(null)));
  });
}
