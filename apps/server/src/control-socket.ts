import { chmodSync, existsSync, unlinkSync } from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';
import { join } from 'node:path';

/**
 * The embedded database's files may be held by one process only, so while a server holds them the CLI asks it to run
 * a command (a backup, a new user) over a Unix socket in DATA_DIR, which only the account that owns it may open.
 */
export const controlSocketPath = (dataDir: string) => join(dataDir, 'control.sock');

export type ControlRequest = { argv: string[] };
export type ControlAnswer = { code: number; stdout: string; stderr: string };

/** Linux's limit on a socket's path (108 bytes with its end). */
const MAX_PATH = 107;
/** A request is one line of JSON: a few options. */
const MAX_REQUEST_BYTES = 64 * 1024;

/** Whether a server answers on the socket (a file left by one that died answers nothing). */
function answers(path: string): Promise<boolean> {
  return new Promise((done) => {
    const socket = createConnection(path);
    socket.once('connect', () => {
      socket.end();
      done(true);
    });
    socket.once('error', () => done(false));
  });
}

/** Whether a server that holds DATA_DIR's embedded database answers on its control socket. */
export const serverHolds = (dataDir: string): Promise<boolean> => {
  const path = controlSocketPath(dataDir);
  return existsSync(path) ? answers(path) : Promise.resolve(false);
};

/**
 * Listens on DATA_DIR's control socket and runs each request with `run`, one at a time. Refuses to start when another
 * server answers there (it holds the same files); undefined when the path is too long for a socket.
 */
export async function serveControl(
  dataDir: string,
  run: (request: ControlRequest) => Promise<ControlAnswer>,
): Promise<Server | undefined> {
  const path = controlSocketPath(dataDir);
  if (Buffer.byteLength(path) > MAX_PATH) return undefined;
  if (existsSync(path)) {
    if (await answers(path)) throw new Error(`Another server uses ${dataDir} (it answers on ${path}): stop it first`);
    unlinkSync(path);
  }
  let queue: Promise<unknown> = Promise.resolve();
  const server = createServer((socket) => {
    let received = '';
    socket.setEncoding('utf8');
    socket.on('error', () => socket.destroy());
    socket.on('data', (chunk: string) => {
      received += chunk;
      if (received.length > MAX_REQUEST_BYTES) return socket.destroy();
      const end = received.indexOf('\n');
      if (end < 0) return;
      socket.pause();
      const answer = queue.then(async (): Promise<ControlAnswer> => {
        try {
          const request = JSON.parse(received.slice(0, end)) as ControlRequest;
          if (!Array.isArray(request.argv) || !request.argv.every((a) => typeof a === 'string')) throw new Error('no argv');
          return await run(request);
        } catch (err) {
          return { code: 1, stdout: '', stderr: `The server could not run the command: ${(err as Error).message}` };
        }
      });
      queue = answer;
      void answer.then((a) => socket.end(`${JSON.stringify(a)}\n`));
    });
  });
  await new Promise<void>((listening, failed) => {
    server.once('error', failed);
    server.listen(path, () => listening());
  });
  chmodSync(path, 0o600);
  return server;
}

/** Has the server that holds DATA_DIR's database run the command; undefined when no server answers there. */
export function askServer(dataDir: string, request: ControlRequest): Promise<ControlAnswer | undefined> {
  const path = controlSocketPath(dataDir);
  if (!existsSync(path)) return Promise.resolve(undefined);
  return new Promise((done, failed) => {
    let connected = false;
    let received = '';
    const socket = createConnection(path);
    socket.setEncoding('utf8');
    socket.once('connect', () => {
      connected = true;
      socket.write(`${JSON.stringify(request)}\n`);
    });
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    socket.once('end', () => {
      try {
        done(JSON.parse(received) as ControlAnswer);
      } catch {
        failed(new Error('The running server gave no answer'));
      }
    });
    // A file left by a server that died: nobody holds the database, the CLI may open it itself.
    socket.once('error', (err) => (connected ? failed(err) : done(undefined)));
  });
}
