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
export const AVATAR_MAX_PX = 512;
/** The widest and tallest avatar the server stores, read from the image header (an image bomb is tiny on disk). */
export const AVATAR_MAX_SIDE_PX = 2048;
export const AVATAR_MAX_MB = 0.2;
export const AVATAR_UPLOAD_TIMEOUT_MS = 120_000;
export const SEARCH_MAX_DAYS = 31;
/** How far ahead of the platform's today a slot may be booked or searched, in days. */
export const BOOKING_HORIZON_DAYS = 90;
/** Upcoming (confirmed, not ended) appointments one patient may hold at once. */
export const MAX_UPCOMING_APPOINTMENTS = 10;
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
