import type { Locale } from '@rozmova/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../access/context.js';
import type { UserRow } from '../../db/schema/index.js';
import { accountLocale } from '../../lib/accept-language.js';
import { timeZoneOf } from '../../lib/account-zone.js';
import { describeAgent } from './devices.js';
import { deviceHistory, findSessionDevice } from './devices-repository.js';
import { findAccount } from './mfa-repository.js';

/** Mails about staff sign-ins from new devices, sent through the durable queue (tried again when the mail server is away). */
export const NEW_DEVICE_QUEUE = 'new-device-mail';
const STAFF = new Set(['ADMIN', 'MANAGER', 'PSYCHOLOGIST']);

type Device = { userAgent?: string; network?: string };

/**
 * Before a staff account's session opens: whether it is a device (browser and network) the account has not signed in
 * from before, and not the account's first sign-in, so the owner is to be told.
 */
export async function isNewStaffDevice(ctx: AppContext, user: UserRow, device: Device | undefined): Promise<boolean> {
  if (!user.role || !STAFF.has(user.role)) return false;
  const history = await deviceHistory(ctx.db, user.id, device?.userAgent?.slice(0, 500) ?? null, device?.network ?? null);
  return history.any && !history.same;
}

export const queueNewDeviceMail = (ctx: AppContext, userId: number, sessionId: string) =>
  ctx.jobs.send(NEW_DEVICE_QUEUE, { userId, sessionId });

const TEXTS: Record<
  Locale,
  (d: { device: string; network: string; at: string; link: string }) => { subject: string; text: string }
> = {
  en: (d) => ({
    subject: 'New sign-in to your Rozmova account',
    text: [
      `Your account was just signed in to from a new device: ${d.device}, network ${d.network}, ${d.at}.`,
      '',
      `If this was you, there is nothing to do. If not, end that session and change your password at once:`,
      d.link,
    ].join('\n'),
  }),
  uk: (d) => ({
    subject: 'Новий вхід до вашого облікового запису Rozmova',
    text: [
      `До вашого облікового запису щойно ввійшли з нового пристрою: ${d.device}, мережа ${d.network}, ${d.at}.`,
      '',
      'Якщо це були ви, нічого робити не треба. Якщо ні, негайно завершіть той сеанс і змініть пароль:',
      d.link,
    ].join('\n'),
  }),
};

/** Composes and sends the mail in the owner's language and zone; nothing when the account or session is gone. */
async function sendNewDeviceMail(ctx: AppContext, job: { userId: number; sessionId: string }): Promise<void> {
  const [user, session] = await Promise.all([findAccount(ctx.db, job.userId), findSessionDevice(ctx.db, job.sessionId)]);
  if (!user?.enabled || !session) return;
  const locale = accountLocale(user.locale);
  const { browser, system } = describeAgent(session.userAgent);
  const unknown = locale === 'uk' ? 'невідомий пристрій' : 'an unknown device';
  const at = new Intl.DateTimeFormat(locale === 'uk' ? 'uk-UA' : 'en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: timeZoneOf(ctx, user),
    timeZoneName: 'short',
  }).format(session.createdAt);
  const mail = TEXTS[locale]({
    device: [browser, system].filter(Boolean).join(', ') || unknown,
    network: session.network ?? '—',
    at,
    link: `${ctx.config.publicUrl}/security`,
  });
  await ctx.mailer.send({ to: user.email, ...mail });
}

export async function startNewDeviceMails(app: FastifyInstance): Promise<void> {
  await app.jobs.queue(NEW_DEVICE_QUEUE, { limit: 20, delaySeconds: 30, expireInSeconds: 120 });
  app.jobs.work<{ userId: number; sessionId: string }>(NEW_DEVICE_QUEUE, 2, (job) => sendNewDeviceMail(app.context, job));
}
