// Constants and enums without zod: the landing and sign-in pages import them from `@rozmova/contract/constants`,
// so they do not carry the schemas. The main entry re-exports all of them.

export const CODE_LENGTH = 6;
export const RESEND_COUNTDOWN_SECONDS = 180;
export const CODE_TTL_MINUTES = 10;
export const CODE_MAX_TRIES = 5;
export const MAGIC_LINK_TTL_MINUTES = 15;
/** Minimum age: 5 years, as the spec gives it in milliseconds. */
export const MIN_AGE_MS = 157_680_000_000;
/** The earliest birth date accepted anywhere. */
export const MIN_BIRTH_DATE = '1900-01-01';
export const EXPERIENCE_MIN = 0;
export const EXPERIENCE_MAX = 70;
export const SLOT_DURATIONS = [30, 60, 120] as const;
export const DEFAULT_SLOT_DURATION = 60;
/** Working-hours highlight: start times from 08:00 up to before 18:00. */
export const WORKING_HOURS = { start: '08:00', end: '18:00' } as const;
export const AVATAR_MAX_BYTES = 256 * 1024;
/** Avatars are stored (and compressed in the browser) to fit within this square. */
export const AVATAR_MAX_PX = 512;
/** The widest and tallest upload the server decodes, read from the image header (an image bomb is tiny on disk). */
export const AVATAR_MAX_SIDE_PX = 2048;
export const AVATAR_MAX_MB = 0.2;
export const AVATAR_UPLOAD_TIMEOUT_MS = 120_000;
/** A verification document (diploma, licence, certificate): PDF, JPEG or PNG of at most this many bytes… */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
/** …and at most this many per psychologist. */
export const DOCUMENTS_MAX = 10;
/**
 * A document image's widest side and pixel count, read from its header before it is decoded (it decodes to about three
 * bytes a pixel whatever its file size): a 24-megapixel photo or an A4 page scanned at 400 dpi fits.
 */
export const DOCUMENT_MAX_SIDE_PX = 10_000;
export const DOCUMENT_MAX_PIXELS = 25_000_000;
export const SEARCH_MAX_DAYS = 31;
/** Doctors per page of a paged search: the default and the most one page may ask for. */
export const SEARCH_PAGE_SIZE = 20;
export const SEARCH_PAGE_MAX = 50;
/** How many of a doctor's nearest free slots a page of search results carries; opening the doctor loads the rest. */
export const SEARCH_NEAREST_SLOTS = 8;
/** How far ahead of the caller's today a slot may be booked or searched, in days. */
export const BOOKING_HORIZON_DAYS = 90;
/** Upcoming (confirmed, not ended) appointments one patient may hold at once. */
export const MAX_UPCOMING_APPOINTMENTS = 10;
/** A patient may cancel an appointment themself until this many hours before its start; later, 409 NOTICE_PASSED. */
export const PATIENT_CANCEL_NOTICE_HOURS = 24;
/** An appointment's video room opens this many minutes before its start… */
export const ROOM_OPENS_MINUTES_BEFORE = 15;
/** …and closes this many minutes after its end. */
export const ROOM_CLOSES_MINUTES_AFTER = 30;
/** A psychologist keeps at most this many schedule exceptions (blocked dates and one-off slots) that have not passed. */
export const SCHEDULE_EXCEPTIONS_MAX = 100;
/** Reminders go out this many hours before a session starts, to both participants. */
export const REMINDER_LEAD_HOURS = [24, 1] as const;
/** A psychologist's message to a patient: at most this many characters… */
export const PATIENT_MESSAGE_MAX_CHARS = 1000;
/** …and at most this many messages per psychologist per hour. */
export const PATIENT_MESSAGES_PER_HOUR = 20;
/** The bell asks for news this often while the page is visible. */
export const NOTIFICATIONS_POLL_MS = 30_000;
/** Notifications a page of the bell's list holds at most. */
export const NOTIFICATIONS_PAGE_MAX = 50;
export const TOAST_MS = 4000;
export const TOAST_SUCCESS_MS = 3000;
export const TOAST_EMAIL_VERIFIED_MS = 3000;
export const ADMIN_PAGE_SIZE = 10;
export const RECORD_PREVIEW_CHARS = 150;
export const REVIEW_PREVIEW_CHARS = 100;
export const IDENTITY_INTERVAL_MS = 1000;

/** Length limits of free-text fields. */
export const LIMITS = {
  name: 100,
  shortText: 500,
  longText: 5000,
  reason: 1000,
  password: { min: 8, max: 200 },
} as const;

/** What a mailed code is for: signing in, or confirming a new e-mail during onboarding. */
export const CODE_PURPOSES = ['SIGN_IN', 'CONFIRM_EMAIL'] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

export const ROLES = ['ADMIN', 'MANAGER', 'PSYCHOLOGIST', 'PATIENT', 'MODERATOR'] as const;

export const LOCALES = ['en', 'uk'] as const;
export type Locale = (typeof LOCALES)[number];

export const THERAPY_TYPES = [
  'SYSTEMNA_TERAPIA',
  'KPT',
  'GESTALT_TERAPIA',
  'NLP',
  'PSYCHODINAMICHNA_TERAPIA',
  'TRAVMATERAPIA',
  'PSYCHODRAMA',
  'SYMBOLDRAMA',
  'NARATYVNA_PSYCHOLOGIA',
  'INTEGRATYVNA_PSYCHOTERAPIA',
  'POSYTYVNA_PSYCHOTERAPIA',
  'PSYCHOANALIZ',
  'EKZYSTENTSIALNY_ANALIZ_TA_LOGOTERAPIA',
  'TRANZAKTNY_ANALIZ',
  'ART_TERAPIA',
  'KLIENT_CENTROVANA_TERAPIA',
] as const;
