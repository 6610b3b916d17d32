import { CODE_TTL_MINUTES, type CodePurpose } from '@rozmova/contract';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../config.js';
import type { AppEvents } from '../lib/app-events.js';
import { currentRequestId } from '../lib/request-context.js';

/** `code` repeats the code the text carries, so that without a mail server the log can show it on one line. */
export type Mail = {
  to: string;
  subject: string;
  text: string;
  /** The same content as HTML, sent beside the text as its alternative. */
  html?: string;
  /** iCalendar invites, each attached as an .ics file (one per session: each has its own UID). */
  calendars?: { method: 'REQUEST' | 'CANCEL'; content: string }[];
  /** A fixed Message-ID, so a mail sent twice reads as one. */
  messageId?: string;
  code?: { purpose: CodePurpose; value: string };
  /** The request the mail was caused by, sent as the X-Rozmova-Request header (set by the mailer). */
  requestId?: string;
};
export type Mailer = { send: (mail: Mail) => Promise<void>; close: () => void };

const codeNames: Record<CodePurpose, string> = { SIGN_IN: 'Sign-in code', CONFIRM_EMAIL: 'E-mail confirmation code' };

/** The line a developer without a mail server looks for in the log. */
export const codeLogLine = (to: string, code: NonNullable<Mail['code']>) =>
  `${codeNames[code.purpose]} for ${to}: ${code.value} (valid ${CODE_TTL_MINUTES} minutes)`;

/** Per step: opening the connection, the server's greeting, and any silence on the socket after that. */
export const SMTP_TIMEOUTS = { connectionTimeout: 3_000, greetingTimeout: 3_000, socketTimeout: 4_000 };
/** However the steps add up, a send gives up after this long, so the request answers within 10 s. */
export const SEND_DEADLINE_MS = 8_000;

/**
 * Sends through SMTP_URL, or writes each mail to the log when no SMTP server is configured; every mail of the app
 * passes here, so each send's outcome is announced here once.
 */
export function createMailer(config: Config, log: FastifyBaseLogger, events: AppEvents): Mailer {
  const mailer = transportMailer(config, log);
  return {
    send: async (mail) => {
      // The request it was caused by (directly, or through a job that carried its id), on the log line and the mail.
      const reqId = currentRequestId();
      try {
        await mailer.send({ ...mail, requestId: reqId });
      } catch (err) {
        events.emit('mailSettled', 'failed');
        log.warn({ reqId, err }, 'mail failed');
        throw err;
      }
      events.emit('mailSettled', 'sent');
      // Without a mail server the mail itself was just logged, with the id.
      if (config.smtpUrl) log.info({ reqId, mail: { subject: mail.subject } }, 'mail sent');
    },
    close: mailer.close,
  };
}

function transportMailer(config: Config, log: FastifyBaseLogger): Mailer {
  if (!config.smtpUrl) {
    return {
      send: async (mail) => {
        const meta = { reqId: mail.requestId, mail: { to: mail.to, subject: mail.subject } };
        log.info(meta, mail.code ? codeLogLine(mail.to, mail.code) : `Mail to ${mail.to}: ${mail.subject}`);
        log.debug(meta, `mail to ${mail.to}: ${mail.subject}\n${mail.text}`);
      },
      close: () => {},
    };
  }
  // nodemailer waits up to 2 minutes for a connection and 30 s for the greeting by default; a request that sends a
  // code must answer well within 10 s when the mail server is down or hangs, so each step gets a few seconds. A pool
  // keeps a few connections open: a new SMTP connection costs over 100 ms before the first mail, a pooled one ~10 ms.
  const transport = nodemailer.createTransport({ url: config.smtpUrl, pool: true, ...SMTP_TIMEOUTS });
  return {
    send: async ({ to, subject, text, html, calendars, messageId, requestId }) => {
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`the mail server did not take the mail within ${SEND_DEADLINE_MS} ms`)),
          SEND_DEADLINE_MS,
        );
      });
      try {
        const attachments = calendars?.map((calendar, i) => ({
          filename: calendars.length === 1 ? 'rozmova-session.ics' : `rozmova-session-${i + 1}.ics`,
          content: calendar.content,
          contentType: `text/calendar; charset=utf-8; method=${calendar.method}`,
        }));
        await Promise.race([
          transport.sendMail({
            from: config.mailFrom,
            to,
            subject,
            text,
            html,
            messageId,
            attachments,
            ...(requestId && { headers: { 'X-Rozmova-Request': requestId } }),
          }),
          deadline,
        ]);
      } finally {
        clearTimeout(timer);
      }
    },
    close: () => transport.close(),
  };
}
