import { CODE_TTL_MINUTES, type CodePurpose } from '@rozmova/contract';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../config.js';

/** `code` repeats the code the text carries, so that without a mail server the log can show it on one line. */
export type Mail = { to: string; subject: string; text: string; code?: { purpose: CodePurpose; value: string } };
export type Mailer = { send: (mail: Mail) => Promise<void>; close: () => void };

const codeNames: Record<CodePurpose, string> = { SIGN_IN: 'Sign-in code', CONFIRM_EMAIL: 'E-mail confirmation code' };

/** The line a developer without a mail server looks for in the log. */
export const codeLogLine = (to: string, code: NonNullable<Mail['code']>) =>
  `${codeNames[code.purpose]} for ${to}: ${code.value} (valid ${CODE_TTL_MINUTES} minutes)`;

/** Sends through SMTP_URL, or writes each mail to the log when no SMTP server is configured. */
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  if (!config.smtpUrl) {
    return {
      send: async (mail) => {
        const meta = { mail: { to: mail.to, subject: mail.subject } };
        log.info(meta, mail.code ? codeLogLine(mail.to, mail.code) : `Mail to ${mail.to}: ${mail.subject}`);
        log.debug(meta, `mail to ${mail.to}: ${mail.subject}\n${mail.text}`);
      },
      close: () => {},
    };
  }
  const transport = nodemailer.createTransport(config.smtpUrl);
  return {
    send: async ({ to, subject, text }) => {
      await transport.sendMail({ from: config.mailFrom, to, subject, text });
    },
    close: () => transport.close(),
  };
}
