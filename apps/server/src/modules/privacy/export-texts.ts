import type { Locale } from '@rozmova/contract';

/** The summary PDF's words, in the reader's language. */
export const EXPORT_TEXTS: Record<Locale, Record<string, string>> = {
  en: {
    title: 'Your data at Rozmova',
    intro:
      'This archive holds everything the platform keeps about you: one JSON file per area, the files you sent, and this summary. You may take it to another service.',
    made: 'Made on',
    account: 'Account',
    name: 'Name',
    email: 'E-mail',
    role: 'Role',
    since: 'Member since',
    contents: 'What the archive holds',
    kept: 'What we keep after you delete your account',
    keptText:
      'Clinical notes and the audit trail stay sealed for the time the law asks of the practice, then are destroyed. Everything else is erased when you ask.',
    items: 'items',
    files: 'files',
  },
  uk: {
    title: 'Ваші дані в Rozmova',
    intro:
      'Цей архів містить усе, що платформа зберігає про вас: по одному файлу JSON на кожну сферу, надіслані вами файли й цей підсумок. Ви можете перенести його до іншого сервісу.',
    made: 'Створено',
    account: 'Обліковий запис',
    name: "Ім'я",
    email: 'Електронна пошта',
    role: 'Роль',
    since: 'Зареєстровано',
    contents: 'Що містить архів',
    kept: 'Що ми зберігаємо після видалення облікового запису',
    keptText:
      'Клінічні нотатки та журнал аудиту зберігаються запечатаними стільки, скільки закон вимагає від практики, а потім знищуються. Усе інше стирається на ваш запит.',
    items: 'записів',
    files: 'файлів',
  },
};
