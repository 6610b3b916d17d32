import { CODE_TTL_MINUTES, type CodePurpose, type Locale } from '@rozmova/contract';

export type MailText = { subject: string; text: string };

const texts: Record<Locale, Record<CodePurpose, (code: string) => MailText>> = {
  en: {
    SIGN_IN: (code) => ({
      subject: `Your Rozmova sign-in code: ${code}`,
      text: [
        'Hello,',
        '',
        `Your code to sign in to Rozmova is: ${code}`,
        '',
        `It is valid for ${CODE_TTL_MINUTES} minutes and can be used once.`,
        'If you did not try to sign in, ignore this mail: nobody can enter your account without the code.',
        '',
        'Rozmova team',
      ].join('\n'),
    }),
    CONFIRM_EMAIL: (code) => ({
      subject: `Confirm your e-mail for Rozmova: ${code}`,
      text: [
        'Hello,',
        '',
        `Enter this code in Rozmova to confirm your e-mail address: ${code}`,
        '',
        `It is valid for ${CODE_TTL_MINUTES} minutes and can be used once.`,
        'If you did not ask for it, ignore this mail and your address will not be linked to any account.',
        '',
        'Rozmova team',
      ].join('\n'),
    }),
  },
  uk: {
    SIGN_IN: (code) => ({
      subject: `Ваш код для входу в Rozmova: ${code}`,
      text: [
        'Вітаємо!',
        '',
        `Ваш код для входу в Rozmova: ${code}`,
        '',
        `Код дійсний ${CODE_TTL_MINUTES} хвилин, і його можна використати лише один раз.`,
        'Якщо ви не намагалися увійти, просто проігноруйте цей лист: без коду ніхто не зможе увійти у ваш обліковий запис.',
        '',
        'Команда Rozmova',
      ].join('\n'),
    }),
    CONFIRM_EMAIL: (code) => ({
      subject: `Підтвердьте свою пошту для Rozmova: ${code}`,
      text: [
        'Вітаємо!',
        '',
        `Введіть цей код у Rozmova, щоб підтвердити свою електронну адресу: ${code}`,
        '',
        `Код дійсний ${CODE_TTL_MINUTES} хвилин, і його можна використати лише один раз.`,
        'Якщо ви його не запитували, проігноруйте цей лист, і вашу адресу не буде прив’язано до жодного облікового запису.',
        '',
        'Команда Rozmova',
      ].join('\n'),
    }),
  },
};

/** The mail carrying a code; its plain-text body holds the digits as one word. */
export const codeMail = (locale: Locale, purpose: CodePurpose, code: string): MailText => texts[locale][purpose](code);

const takenTexts: Record<Locale, MailText> = {
  en: {
    subject: 'This e-mail already has a Rozmova account',
    text: [
      'Hello,',
      '',
      'Someone asked to add this e-mail address to a Rozmova account, but the address already belongs to an account.',
      'If it was you, sign in with this address instead: you will get a sign-in code by mail.',
      'If it was not you, ignore this mail: nothing has changed.',
      '',
      'Rozmova team',
    ].join('\n'),
  },
  uk: {
    subject: 'Ця пошта вже має обліковий запис Rozmova',
    text: [
      'Вітаємо!',
      '',
      'Хтось хотів додати цю електронну адресу до облікового запису Rozmova, але вона вже належить іншому обліковому запису.',
      'Якщо це були ви, увійдіть із цією адресою: ми надішлемо код для входу поштою.',
      'Якщо це були не ви, проігноруйте цей лист: нічого не змінилося.',
      '',
      'Команда Rozmova',
    ].join('\n'),
  },
};

/** Sent instead of a code when the address to confirm belongs to another account; it carries no code. */
export const emailTakenMail = (locale: Locale): MailText => takenTexts[locale];

const disabledTexts: Record<Locale, MailText> = {
  en: {
    subject: 'Your Rozmova account is disabled',
    text: [
      'Hello,',
      '',
      'Someone asked for a sign-in code for this e-mail address, but its Rozmova account is disabled, so no code was sent.',
      'To learn why or to have it enabled again, write to support@rozmova.app.',
      'If it was not you, ignore this mail: nothing has changed.',
      '',
      'Rozmova team',
    ].join('\n'),
  },
  uk: {
    subject: 'Ваш обліковий запис Rozmova вимкнено',
    text: [
      'Вітаємо!',
      '',
      'Хтось попросив код для входу з цією електронною адресою, але її обліковий запис Rozmova вимкнено, тож код не надіслано.',
      'Щоб дізнатися чому або знову його ввімкнути, напишіть на support@rozmova.app.',
      'Якщо це були не ви, проігноруйте цей лист: нічого не змінилося.',
      '',
      'Команда Rozmova',
    ].join('\n'),
  },
};

/** Sent instead of a sign-in code to the address of a disabled account; it carries no code. */
export const accountDisabledMail = (locale: Locale): MailText => disabledTexts[locale];
