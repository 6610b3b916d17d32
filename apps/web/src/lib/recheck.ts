import { ApiError, api } from './api';

/** One way of proving it is still the owner: an app or recovery code, the password, or a code mailed to the own address. */
export type RecheckBody = { code: string } | { password: string } | { emailCode: string };

/** Lets sensitive actions through for the next 10 minutes (the server's RECHECK_WINDOW_MINUTES). */
export const recheck = (body: RecheckBody) => api<void>('/user/recheck', { method: 'POST', body });

/** Mails a sign-in code to the own address: the way for accounts that sign in by code and have no password. */
export const mailRecheckCode = (email: string) =>
  api<void>('/auth/email/request-code', { method: 'POST', body: { email }, auth: false });

/** Whether a sensitive action was refused because the last check of a factor is older than 10 minutes. */
export const isRecheckRequired = (err: unknown) => err instanceof ApiError && err.code === 'RECHECK_REQUIRED';
