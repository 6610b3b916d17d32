import { type Locale, type NotificationKind, ROOM_OPENS_MINUTES_BEFORE } from '@rozmova/contract';
import type { Facts, Said } from './said.js';

type GroupKind = Extract<NotificationKind, `GROUP_${string}`>;

/** The sessions a mail lists, one a line, or a word that there are none ahead. */
const list = (f: Facts, none: string) => (f.sessions.length === 0 ? [none] : f.sessions.map((s) => `• ${s}`));

const en: Record<GroupKind, (f: Facts) => Said> = {
  GROUP_JOINED: (f) => ({
    title: `You joined the group “${f.group}”`,
    lines: [`You are now a member of the group “${f.group}” with ${f.other}. Its sessions ahead:`, ...list(f, 'none yet.')],
    mailNote: 'The other members see only your first name and the first letter of your last name.',
  }),
  GROUP_SESSION_MOVED: (f) => ({
    title: 'Group session moved',
    lines: [`The session of the group “${f.group}” is now on ${f.when} (it was on ${f.previous}).`],
  }),
  GROUP_SESSION_CANCELED: (f) => ({
    title: 'Group session canceled',
    lines: [`The session of the group “${f.group}” on ${f.when} is canceled.`],
  }),
  GROUP_REMINDER_24H: (f) => ({
    title: 'Your group session is tomorrow',
    lines: [`A reminder: the session of the group “${f.group}” is on ${f.when}.`],
  }),
  GROUP_REMINDER_1H: (f) => ({
    title: 'Your group session starts in an hour',
    lines: [
      `The session of the group “${f.group}” starts on ${f.when}.`,
      `The room opens ${ROOM_OPENS_MINUTES_BEFORE} minutes before the start.`,
    ],
  }),
  GROUP_LEFT: (f) =>
    f.as === 'PSYCHOLOGIST'
      ? { title: `A member left the group “${f.group}”`, lines: [`${f.other} left your group “${f.group}”; their seat is free.`] }
      : {
          title: `You left the group “${f.group}”`,
          lines: [
            `You are no longer a member of the group “${f.group}”. Its sessions ahead are taken out of your calendar:`,
            ...list(f, 'none.'),
          ],
        },
  GROUP_REMOVED: (f) => ({
    title: `Your place in the group “${f.group}” has ended`,
    lines: [
      `${f.other} ended your membership of the group “${f.group}”. Its sessions ahead are taken out of your calendar:`,
      ...list(f, 'none.'),
    ],
    mailNote: 'You can still book individual sessions in Rozmova.',
  }),
  GROUP_ENDED: (f) => ({
    title: `The group “${f.group}” has ended`,
    lines: [`${f.other} has ended the group “${f.group}”. Its sessions ahead are canceled:`, ...list(f, 'none.')],
    mailNote: 'Thank you for taking part.',
  }),
};

const uk: Record<GroupKind, (f: Facts) => Said> = {
  GROUP_JOINED: (f) => ({
    title: `Ви приєдналися до групи «${f.group}»`,
    lines: [`Тепер ви учасник групи «${f.group}».`, `Психолог: ${f.other}.`, 'Найближчі сесії:', ...list(f, 'поки немає.')],
    mailNote: 'Інші учасники бачать лише ваше ім’я та першу літеру прізвища.',
  }),
  GROUP_SESSION_MOVED: (f) => ({
    title: 'Групову сесію перенесено',
    lines: [`Група: «${f.group}».`, `Новий час: ${f.when}.`, `Попередній час: ${f.previous}.`],
  }),
  GROUP_SESSION_CANCELED: (f) => ({
    title: 'Групову сесію скасовано',
    lines: [`Група: «${f.group}».`, `Сесію скасовано: ${f.when}.`],
  }),
  GROUP_REMINDER_24H: (f) => ({
    title: 'Ваша групова сесія завтра',
    lines: [`Нагадуємо про сесію групи «${f.group}»: ${f.when}.`],
  }),
  GROUP_REMINDER_1H: (f) => ({
    title: 'Ваша групова сесія за годину',
    lines: [
      `Сесія групи «${f.group}» починається: ${f.when}.`,
      `Кімната відкривається за ${ROOM_OPENS_MINUTES_BEFORE} хвилин до початку.`,
    ],
  }),
  GROUP_LEFT: (f) =>
    f.as === 'PSYCHOLOGIST'
      ? { title: `Учасник залишив групу «${f.group}»`, lines: [`Учасник: ${f.other}.`, 'Його місце в групі звільнилося.'] }
      : {
          title: `Ви залишили групу «${f.group}»`,
          lines: [
            `Ви більше не учасник групи «${f.group}». Її наступні сесії прибрано з вашого календаря:`,
            ...list(f, 'немає.'),
          ],
        },
  GROUP_REMOVED: (f) => ({
    title: `Вашу участь у групі «${f.group}» завершено`,
    lines: [`Психолог: ${f.other}.`, 'Наступні сесії групи прибрано з вашого календаря:', ...list(f, 'немає.')],
    mailNote: 'Ви й надалі можете записуватися на індивідуальні сесії в Rozmova.',
  }),
  GROUP_ENDED: (f) => ({
    title: `Група «${f.group}» завершилася`,
    lines: [`Психолог: ${f.other}.`, 'Наступні сесії групи скасовано:', ...list(f, 'немає.')],
    mailNote: 'Дякуємо за участь.',
  }),
};

/** What group notifications say, by language; the rest of notifications/texts.ts takes them in. */
export const groupTexts: Record<Locale, Record<GroupKind, (f: Facts) => Said>> = { en, uk };
