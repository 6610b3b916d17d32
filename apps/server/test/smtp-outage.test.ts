import { connect, createServer, type Server, type Socket } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInCodes } from '../src/db/schema/index.js';
import { buildTestApp, call, type TestContext, uniqueEmail } from './helpers.js';
import { type MailCatcher, startMailCatcher } from './mail-catcher.js';

/**
 * The app's SMTP_URL points at a port this file controls: closed (nothing listens, connections are refused),
 * silent (it accepts connections and never greets), or forwarding to a real mail catcher (the server is back).
 */
class SmtpSwitch {
  private server?: Server;
  private readonly sockets = new Set<Socket>();
  constructor(
    readonly port: number,
    private readonly catcherPort: number,
  ) {}
  static async create(catcher: MailCatcher) {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as { port: number };
    await new Promise((resolve) => probe.close(resolve));
    return new SmtpSwitch(port, Number(new URL(catcher.url).port));
  }
  async closed() {
    if (!this.server) return;
    for (const socket of this.sockets) socket.destroy();
    await new Promise((resolve) => this.server?.close(resolve));
    this.server = undefined;
  }
  private async listen(onConnection: (socket: Socket) => void) {
    await this.closed();
    const server = createServer((socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
      socket.on('error', () => {});
      onConnection(socket);
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.server = server;
  }
  /** Takes the connection and says nothing: only the client's own timeouts end the wait. */
  silent = () => this.listen(() => {});
  forwarding = () =>
    this.listen((socket) => {
      const upstream = connect(this.catcherPort, '127.0.0.1');
      this.sockets.add(upstream);
      upstream.on('close', () => this.sockets.delete(upstream));
      upstream.on('error', () => socket.destroy());
      socket.pipe(upstream).pipe(socket);
    });
}

let ctx: TestContext;
let catcher: MailCatcher;
let smtp: SmtpSwitch;
beforeAll(async () => {
  catcher = await startMailCatcher();
  smtp = await SmtpSwitch.create(catcher);
  await smtp.forwarding();
  ctx = await buildTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
});
afterAll(async () => {
  await ctx.close();
  await smtp.closed();
  await catcher.close();
});

let lastOctet = 0;
const clientIp = () => `10.9.0.${++lastOctet}`;
const requestCode = (email: string) =>
  call(ctx.app, { method: 'POST', url: '/api/auth/email/request-code', payload: { email }, remoteAddress: clientIp() });
const verifyCode = (email: string, code: string) =>
  call(ctx.app, { method: 'POST', url: '/api/auth/email/verify-code', payload: { email, code }, remoteAddress: clientIp() });
const codeRows = (email: string) => ctx.app.db.select().from(signInCodes).where(eq(signInCodes.email, email));

async function timed<T>(work: () => Promise<T>) {
  const started = performance.now();
  const result = await work();
  return { result, ms: performance.now() - started };
}

describe('request-code while the mail server is unreachable', () => {
  it('answers 503 at once when the port is closed, keeps the previous code usable, and works once SMTP is back', async () => {
    const email = uniqueEmail('smtp');
    expect((await requestCode(email)).status).toBe(200);
    const earlier = await catcher.codeFor(email);
    const [before] = await codeRows(email);

    await smtp.closed();
    const { result: refused, ms } = await timed(() => requestCode(email));
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({ statusCode: 503, code: 'UNAVAILABLE' });
    expect(refused.body.message).toMatch(/could not send the mail/i);
    expect(ms).toBeLessThan(10_000);
    // Nothing half-done: the code row is the one from before, as it was, and no mail went out.
    expect(await codeRows(email)).toEqual([before]);
    expect(catcher.mailsTo(email)).toHaveLength(1);

    await smtp.forwarding();
    expect((await requestCode(email)).status).toBe(200);
    const later = await catcher.codeFor(email);
    expect(catcher.mailsTo(email)).toHaveLength(2);
    // The new code replaced the earlier one, as any new code does; the new one signs in.
    if (later !== earlier) expect((await verifyCode(email, earlier)).status).toBe(400);
    const signedIn = await verifyCode(email, later);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.token).toEqual(expect.any(String));
  });

  it('the earlier code still signs in after a failed request', async () => {
    const email = uniqueEmail('smtp');
    await smtp.forwarding();
    expect((await requestCode(email)).status).toBe(200);
    const earlier = await catcher.codeFor(email);
    await smtp.closed();
    expect((await requestCode(email)).status).toBe(503);
    const signedIn = await verifyCode(email, earlier);
    expect(signedIn.status).toBe(200);
  });

  it('gives up on a server that accepts but never greets, within 10 s, leaving no code behind', async () => {
    const email = uniqueEmail('smtp');
    await smtp.silent();
    const { result, ms } = await timed(() => requestCode(email));
    expect(result.status).toBe(503);
    expect(result.body.code).toBe('UNAVAILABLE');
    expect(ms).toBeLessThan(10_000);
    expect(await codeRows(email)).toEqual([]);

    await smtp.forwarding();
    expect((await requestCode(email)).status).toBe(200);
    expect((await verifyCode(email, await catcher.codeFor(email))).status).toBe(200);
  }, 20_000);
});
