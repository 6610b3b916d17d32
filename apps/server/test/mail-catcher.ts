import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type CaughtMail = { to: string[]; raw: string; text: string };

/** A real SMTP server on a free local port that keeps every mail it receives. */
export async function startMailCatcher() {
  const mails: CaughtMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        mails.push({ to, raw, text: bodyText(raw) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  const mailsTo = (email: string) => mails.filter((m) => m.to.includes(email.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    mailsTo,
    /** The 6-digit code of the newest mail to this address, waiting briefly for it to arrive. */
    async codeFor(email: string, timeoutMs = 5000): Promise<string> {
      const deadline = Date.now() + timeoutMs;
      const before = mailsTo(email).length;
      for (;;) {
        const list = mailsTo(email);
        const code = list.at(-1)?.text.match(/\b(\d{6})\b/)?.[1];
        if (code && list.length >= Math.max(before, 1)) return code;
        if (Date.now() > deadline) throw new Error(`no code mailed to ${email}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type MailCatcher = Awaited<ReturnType<typeof startMailCatcher>>;

/** The decoded UTF-8 body of a simple single-part mail (nodemailer picks base64 for mostly non-Latin text). */
function bodyText(raw: string): string {
  const start = raw.indexOf('\r\n\r\n');
  const head = start >= 0 ? raw.slice(0, start) : '';
  const body = start >= 0 ? raw.slice(start + 4) : raw;
  const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(head)?.[1].toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding !== 'quoted-printable') return body;
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}
