import type { PlatformClock } from '../../lib/clock.js';
import { type AccountInput, upsertAccount } from '../../modules/users/service.js';
import type { Db } from '../client.js';

export const DEMO_PASSWORD = 'rozmova-demo-2026';

/** User ids of the demo accounts, for the seeds that add schedules and appointments. */
export type DemoUsers = { admin: number; manager: number; psychologists: number[]; patients: number[] };

export const demoAdmin: AccountInput = {
  email: 'admin@rozmova.demo',
  role: 'ADMIN',
  firstName: 'Oksana',
  lastName: 'Lysenko',
  birthDate: '1984-03-12',
  locale: 'en',
};

export const demoManager: AccountInput = {
  email: 'manager@rozmova.demo',
  role: 'MANAGER',
  firstName: 'Dmytro',
  lastName: 'Savchenko',
  birthDate: '1990-07-25',
  locale: 'en',
};

// Each demo person writes in their own language (the account's locale), as real ones do: the demo reads in both.
export const demoPsychologists: AccountInput[] = [
  {
    email: 'olena.kovalenko@rozmova.demo',
    role: 'PSYCHOLOGIST',
    firstName: 'Olena',
    lastName: 'Kovalenko',
    birthDate: '1982-11-04',
    locale: 'uk',
    profile: {
      experience: 14,
      therapyTypes: ['KPT', 'TRAVMATERAPIA'],
      languages: ['uk'],
      specialties: 'Тривога й панічні атаки, посттравматичний стрес, проблеми зі сном',
      education: 'Київський національний університет імені Тараса Шевченка, магістр клінічної психології (2006)',
      certificates: 'Когнітивно-поведінковий терапевт, Український інститут КПТ (2012); EMDR-терапевт, 2 рівень (2016)',
      description:
        'Допомагаю дорослим, які живуть із тривогою, панічними атаками чи наслідками травматичних подій. ' +
        'Працюємо з конкретними, узгодженими цілями: разом помічаємо думки, що підтримують страх, пробуємо нові ' +
        'способи реагувати й крок за кроком повертаємо відчуття безпеки.',
    },
  },
  {
    email: 'andrii.melnyk@rozmova.demo',
    role: 'PSYCHOLOGIST',
    firstName: 'Andrii',
    lastName: 'Melnyk',
    birthDate: '1987-05-19',
    locale: 'en',
    profile: {
      experience: 9,
      therapyTypes: ['GESTALT_TERAPIA', 'EKZYSTENTSIALNY_ANALIZ_TA_LOGOTERAPIA'],
      languages: ['uk', 'en'],
      specialties: 'Life transitions, burnout, loss of meaning, relationship difficulties',
      education: 'Ivan Franko National University of Lviv, MA in Psychology (2011)',
      certificates: 'Gestalt therapist, Moscow Gestalt Institute programme completed in Kyiv (2015); logotherapy course (2019)',
      description:
        'I work with people going through change: a new job, a move, the end of a relationship or exhaustion ' +
        'after years of overwork. In our sessions we slow down, look at what is happening here and now, and search ' +
        'for what gives your life meaning today.',
    },
  },
  {
    email: 'iryna.shevchenko@rozmova.demo',
    role: 'PSYCHOLOGIST',
    firstName: 'Iryna',
    lastName: 'Shevchenko',
    birthDate: '1978-02-27',
    locale: 'uk',
    profile: {
      experience: 18,
      therapyTypes: ['SYSTEMNA_TERAPIA', 'NARATYVNA_PSYCHOLOGIA', 'ART_TERAPIA'],
      languages: ['uk', 'pl'],
      specialties: 'Сімейна терапія й терапія пар, батьківство, підлітки та їхні батьки',
      education: 'Харківський національний університет імені В. Н. Каразіна, спеціаліст із психології (2001)',
      certificates: 'Системний сімейний терапевт, Українська асоціація сімейної терапії (2008); практик арттерапії (2013)',
      description:
        'Працюю з родинами, парами й окремими людьми, які хочуть зрозуміти, що відбувається в їхніх близьких стосунках. ' +
        'Разом роздивляємося правила, за якими живе вся родина, шукаємо історії, що допомагають, і ті, що стримують, ' +
        'а коли слів бракує, малюємо й граємо.',
    },
  },
];

export const demoPatients: AccountInput[] = [
  {
    email: 'maria.bondarenko@rozmova.demo',
    role: 'PATIENT',
    firstName: 'Maria',
    lastName: 'Bondarenko',
    birthDate: '1995-09-14',
    locale: 'uk',
    profile: {
      aboutMe: 'Працюю дизайнеркою в Києві. Останній рік погано сплю й тривожуся через усе.',
      therapyGoals: 'Навчитися давати раду тривозі й повернути нормальний сон.',
    },
  },
  {
    email: 'taras.hrytsenko@rozmova.demo',
    role: 'PATIENT',
    firstName: 'Taras',
    lastName: 'Hrytsenko',
    birthDate: '1988-01-30',
    locale: 'en',
    profile: {
      aboutMe: 'Software engineer and father of two. I moved to Lviv a year ago and still feel out of place.',
      therapyGoals: 'Deal with burnout and find a better balance between work and family.',
    },
  },
];

export const demoAccounts = [demoAdmin, demoManager, ...demoPsychologists, ...demoPatients];

/** Creates the demo accounts, all with DEMO_PASSWORD and a completed profile. */
export async function seedDemoUsers(db: Db, clock: PlatformClock): Promise<DemoUsers> {
  const create = async (input: AccountInput) =>
    (await upsertAccount({ db, clock }, { ...input, password: DEMO_PASSWORD })).user.id;
  const admin = await create(demoAdmin);
  const manager = await create(demoManager);
  const psychologists: number[] = [];
  for (const input of demoPsychologists) psychologists.push(await create(input));
  const patients: number[] = [];
  for (const input of demoPatients) patients.push(await create(input));
  return { admin, manager, psychologists, patients };
}
