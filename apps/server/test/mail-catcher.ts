import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A mail as received: its envelope recipients, the raw message, and its parts decoded. */
export type CaughtMail = {
  to: string[];
  raw: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  /** Attached files, their content decoded as UTF-8. */
  attachments: { filename: string; contentType: string; content: string }[];
};

/** A real SMTP server on a free local port that keeps every mail it receives. */
export async function startMailCatcher() {
  const mails: CaughtMail[] = [];
  let down = false;
  /** Recipients turned away at RCPT TO, with the reply code (5xx: for good, as for a mailbox that does not exist; 4xx: for now). */
  const refusals = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      if (!down) return callback();
      // What a mail server says when it cannot serve now: the sender keeps the mail and tries again later.
      callback(Object.assign(new Error('Service not available, try again later'), { responseCode: 421 }));
    },
    onRcptTo(address, _session, callback) {
      const responseCode = refusals.get(address.address.toLowerCase());
      if (responseCode === undefined) return callback();
      const message = responseCode >= 500 ? 'Mailbox unavailable' : 'Mailbox busy, try again later';
      callback(Object.assign(new Error(message), { responseCode }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        simpleParser(raw).then(
          (m) => {
            mails.push({
              to,
              raw: raw.toString('utf8'),
              subject: m.subject ?? '',
              text: m.text ?? '',
              html: typeof m.html === 'string' ? m.html : '',
              messageId: m.messageId ?? '',
              attachments: m.attachments.map((a) => ({
                filename: a.filename ?? '',
                contentType: a.contentType,
                content: a.content.toString('utf8'),
              })),
            });
            callback();
          },
          (err: Error) => callback(err),
        );
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
    /** Waits until the mails to this address number at least `count` (10 s at most), and answers them. */
    async waitForMails(email: string, count: number, timeoutMs = 10_000): Promise<CaughtMail[]> {
      const deadline = Date.now() + timeoutMs;
      while (mailsTo(email).length < count) {
        if (Date.now() > deadline) {
          throw new Error(`${mailsTo(email).length} of ${count} mails reached ${email}: ${mailsTo(email).map((m) => m.subject)}`);
        }
        await new Promise((r) => setTimeout(r, 50));
      }
      return mailsTo(email);
    },
    /**
     * While down, every connection is turned away with 421, as a mail server that cannot serve does; going down also
     * ends the connections a sender's pool keeps open.
     */
    setDown(value: boolean) {
      down = value;
      if (down) for (const connection of server.connections) connection.close();
    },
    /** Turns mail to this address away with the reply code from now on, or (null) takes it again. */
    refuse(email: string, responseCode: number | null) {
      if (responseCode === null) refusals.delete(email.toLowerCase());
      else refusals.set(email.toLowerCase(), responseCode);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type MailCatcher = Awaited<ReturnType<typeof startMailCatcher>>;
