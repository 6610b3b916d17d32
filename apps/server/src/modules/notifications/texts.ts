import { type Locale, type NotificationKind, ROOM_OPENS_MINUTES_BEFORE } from '@rozmova/contract';
import type { NotificationDetails } from '../../db/schema/index.js';
import { formatSession } from '../../lib/format-when.js';
import { groupTexts } from './group-texts.js';
import type { Facts, Said } from './said.js';

export type { Facts, Said };

type Texts = {
  say: Record<NotificationKind, (f: Facts) => Said>;
  greeting: string;
  signOff: string;
  join: string;
  calendar: string;
  /** Before the link to the patient's questionnaires in a risk alert's mail. */
  patientLink: string;
  /** Before the link to a conversation in a new message's mail. */
  messageLink: string;
  /** Before the link to the psychologist's profile and documents in a verification's mail. */
  profileLink: string;
  preferences: string;
  unnamed: string;
};

const en: Texts = {
  greeting: 'Hello,',
  signOff: 'Rozmova team',
  join: 'Join the call here when the session starts:',
  calendar: 'The attached invitation updates the session in your calendar.',
  patientLink: 'Open their questionnaires:',
  messageLink: 'Read and answer it in Rozmova:',
  profileLink: 'Open your profile:',
  preferences: 'You can switch these mails off in your profile in Rozmova.',
  unnamed: 'your psychologist',
  say: {
    BOOKED: (f) =>
      f.as === 'PSYCHOLOGIST'
        ? { title: 'New session booked', lines: [`${f.other} booked a session with you on ${f.when}.`] }
        : { title: 'Your session is booked', lines: [`Your session with ${f.other} is booked for ${f.when}.`] },
    CANCELED: (f) => {
      const own = f.by === f.as;
      const by = f.by === 'ADMIN' ? 'The Rozmova administrators' : own ? 'You' : f.other;
      const yours = f.by === 'ADMIN' || own ? `your session with ${f.other}` : 'your session';
      return {
        title: 'Session canceled',
        lines: [`${by} canceled ${yours} on ${f.when}.`, f.reason ? `Reason: ${f.reason}` : 'No reason was given.'],
        mailNote: f.as === 'PATIENT' ? 'You can book another time in Rozmova whenever you like.' : undefined,
      };
    },
    RESCHEDULED: (f) =>
      f.as === 'PSYCHOLOGIST'
        ? { title: 'Session moved', lines: [`${f.other} moved their session from ${f.previous} to ${f.when}.`] }
        : {
            title: 'Your session is moved',
            lines: [`Your session with ${f.other} is now on ${f.when} (it was on ${f.previous}).`],
          },
    REMINDER_24H: (f) => ({
      title: 'Your session is tomorrow',
      lines: [`A reminder: your session with ${f.other} is on ${f.when}.`],
    }),
    REMINDER_1H: (f) => ({
      title: 'Your session starts in an hour',
      lines: [
        `Your session with ${f.other} starts on ${f.when}.`,
        `The room opens ${ROOM_OPENS_MINUTES_BEFORE} minutes before the start.`,
      ],
    }),
    NO_SHOW: (f) => ({
      title: 'We missed you at your session',
      lines: [
        `You did not join your session with ${f.other} on ${f.when}. That can happen to anyone.`,
        'When you are ready to continue, you can book a new time in Rozmova.',
      ],
    }),
    MESSAGE: (f) =>
      f.inConversation
        ? { title: `New message from ${f.other}`, lines: [`You have a new message from ${f.other}.`] }
        : {
            title: `A message from ${f.other}`,
            lines: [f.message],
            mailNote: 'You cannot reply to this message here: please bring it to your next session.',
          },
    RISK_ALERT: (f) => ({
      title: `Urgent: please check on ${f.other}`,
      lines: [
        f.alerts > 1
          ? `${f.alerts} questionnaires ${f.other} completed in the last hour ask for your prompt attention.`
          : `A questionnaire ${f.other} completed just now asks for your prompt attention.`,
        'Please open their page in Rozmova and contact them as soon as you can.',
      ],
    }),
    VERIFIED: () => ({
      title: 'Your profile is verified',
      lines: [
        'The Rozmova team checked your documents and verified your profile.',
        'Patients can now find you and book sessions with you.',
      ],
    }),
    VERIFICATION_REJECTED: (f) => ({
      title: 'Your documents could not be verified',
      lines: [
        'The Rozmova team could not verify your profile from the documents you sent.',
        f.reason ? `Reason: ${f.reason}` : 'No reason was given.',
        'You can send new documents from your profile.',
      ],
    }),
    VERIFICATION_WITHDRAWN: () => ({
      title: 'Your verification was withdrawn',
      lines: [
        'The Rozmova team withdrew the verification of your profile; it now awaits a new check.',
        'Until then patients cannot find you or book sessions with you.',
      ],
    }),
    ...groupTexts.en,
  },
};

const uk: Texts = {
  greeting: 'Вітаємо!',
  signOff: 'Команда Rozmova',
  join: 'Приєднатися до дзвінка, коли сесія почнеться:',
  calendar: 'Запрошення у вкладенні оновить сесію у вашому календарі.',
  patientLink: 'Відкрити опитувальники пацієнта:',
  messageLink: 'Прочитати й відповісти в Rozmova:',
  profileLink: 'Відкрити свій профіль:',
  preferences: 'Ці листи можна вимкнути у своєму профілі в Rozmova.',
  unnamed: 'ваш психолог',
  // Names stay in the nominative (after a label), since their other cases cannot be made from the name alone.
  say: {
    BOOKED: (f) =>
      f.as === 'PSYCHOLOGIST'
        ? { title: 'Новий запис на сесію', lines: [`Новий запис на сесію: ${f.when}.`, `Пацієнт: ${f.other}.`] }
        : { title: 'Сесію заброньовано', lines: [`Вашу сесію заброньовано: ${f.when}.`, `Психолог: ${f.other}.`] },
    CANCELED: (f) => ({
      title: 'Сесію скасовано',
      lines: [
        `Сесію скасовано: ${f.when}.`,
        f.by === 'ADMIN'
          ? `Її скасувала адміністрація Rozmova. ${otherLabel(f)}: ${f.other}.`
          : f.by === f.as
            ? `Ви скасували її. ${otherLabel(f)}: ${f.other}.`
            : `Хто скасував: ${f.other}.`,
        f.reason ? `Причина: ${f.reason}` : 'Причину не вказано.',
      ],
      mailNote: f.as === 'PATIENT' ? 'Ви можете будь-коли записатися на інший час у Rozmova.' : undefined,
    }),
    RESCHEDULED: (f) => ({
      title: f.as === 'PSYCHOLOGIST' ? 'Сесію перенесено' : 'Вашу сесію перенесено',
      lines: [`Новий час: ${f.when}.`, `Попередній час: ${f.previous}.`, `${otherLabel(f)}: ${f.other}.`],
    }),
    REMINDER_24H: (f) => ({
      title: 'Ваша сесія завтра',
      lines: [`Нагадуємо про сесію: ${f.when}.`, `${otherLabel(f)}: ${f.other}.`],
    }),
    REMINDER_1H: (f) => ({
      title: 'Ваша сесія за годину',
      lines: [
        `Сесія починається: ${f.when}.`,
        `${otherLabel(f)}: ${f.other}.`,
        `Кімната відкривається за ${ROOM_OPENS_MINUTES_BEFORE} хвилин до початку.`,
      ],
    }),
    NO_SHOW: (f) => ({
      title: 'Нам вас бракувало на сесії',
      lines: [
        `Ви не приєдналися до сесії: ${f.when}. Таке трапляється з кожним.`,
        `Психолог: ${f.other}.`,
        'Коли будете готові продовжити, можна записатися на новий час у Rozmova.',
      ],
    }),
    MESSAGE: (f) =>
      f.inConversation
        ? { title: `Нове повідомлення: ${f.other}`, lines: [`У вас нове повідомлення. ${otherLabel(f)}: ${f.other}.`] }
        : {
            title: `Повідомлення від психолога ${f.other}`,
            lines: [f.message],
            mailNote: 'Відповісти на це повідомлення тут не можна: будь ласка, обговоріть його на наступній сесії.',
          },
    RISK_ALERT: (f) => ({
      title: `Терміново: зверніть увагу на пацієнта ${f.other}`,
      lines: [
        f.alerts > 1
          ? `Опитувальники, які пацієнт заповнив за останню годину, потребують вашої негайної уваги: ${f.alerts}.`
          : 'Опитувальник, який пацієнт щойно заповнив, потребує вашої негайної уваги.',
        `Пацієнт: ${f.other}.`,
        'Будь ласка, відкрийте сторінку пацієнта в Rozmova і зв’яжіться з ним якнайшвидше.',
      ],
    }),
    VERIFIED: () => ({
      title: 'Ваш профіль підтверджено',
      lines: [
        'Команда Rozmova перевірила ваші документи й підтвердила ваш профіль.',
        'Тепер пацієнти можуть знайти вас і записатися до вас на сесію.',
      ],
    }),
    VERIFICATION_REJECTED: (f) => ({
      title: 'Не вдалося підтвердити ваші документи',
      lines: [
        'Команда Rozmova не змогла підтвердити ваш профіль за надісланими документами.',
        f.reason ? `Причина: ${f.reason}` : 'Причину не вказано.',
        'Ви можете надіслати нові документи у своєму профілі.',
      ],
    }),
    VERIFICATION_WITHDRAWN: () => ({
      title: 'Підтвердження профілю відкликано',
      lines: [
        'Команда Rozmova відкликала підтвердження вашого профілю; тепер він очікує нової перевірки.',
        'Доки профіль не підтверджено, пацієнти не можуть знайти вас чи записатися до вас на сесію.',
      ],
    }),
    ...groupTexts.uk,
  },
};

/** Who the other participant is to the reader. */
const otherLabel = (f: Facts) => (f.as === 'PSYCHOLOGIST' ? 'Пацієнт' : 'Психолог');

export const texts: Record<Locale, Texts> = { en, uk };

/** What a notification says, in the reader's language, with its times on the reader's wall clock. */
export function say(
  n: { kind: NotificationKind; details: NotificationDetails; message?: string | null; alerts?: number },
  reader: { locale: Locale; timeZone: string },
): Said {
  const t = texts[reader.locale];
  const d = n.details;
  const session = (from?: string, to?: string) =>
    from && to ? formatSession(new Date(from), new Date(to), reader.timeZone, reader.locale) : '';
  return t.say[n.kind]({
    when: session(d.startsAt, d.endsAt),
    previous: session(d.previousStartsAt, d.previousEndsAt),
    other: d.otherName?.trim() || t.unnamed,
    reason: d.reason ?? null,
    by: d.by,
    as: d.as,
    message: n.message ?? '',
    group: d.groupTitle ?? '',
    sessions: (d.sessions ?? []).map((s) => session(s.startsAt, s.endsAt)),
    alerts: n.alerts ?? 1,
    inConversation: d.conversationId !== undefined,
  });
}
