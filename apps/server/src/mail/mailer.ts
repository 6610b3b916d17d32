import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../config.js';

export type Mail = { to: string; subject: string; text: string };
export type Mailer = { send: (mail: Mail) => Promise<void>; close: () => void };

/** Sends through SMTP_URL, or writes each mail to the log when no SMTP server is configured. */
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  if (!config.smtpUrl) {
    return {
      send: async (mail) => {
        log.info({ mail: { to: mail.to, subject: mail.subject } }, `mail to ${mail.to}: ${mail.subject}\n${mail.text}`);
      },
      close: () => {},
    };
  }
  const transport = nodemailer.createTransport(config.smtpUrl);
  return {
    send: async (mail) => {
      await transport.sendMail({ from: config.mailFrom, ...mail });
    },
    close: () => transport.close(),
  };
}
