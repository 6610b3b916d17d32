import { EventEmitter } from 'node:events';

/** What one part of the server tells the others, in this process: caches, signalling and the like listen. */
export type AppEventMap = {
  /** Every session of this account ended (sign-out everywhere, account disabled). */
  sessionsRevoked: [userId: number];
  /** One session ended (logout). */
  sessionRevoked: [sessionId: string];
  /** The account's row changed (role, enabled, names, profile completion): anything cached about it is stale. */
  accountChanged: [userId: number];
  /** An appointment was canceled or marked not attended; its video room, if any, closes. */
  appointmentCanceled: [roomId: string | null];
  /** A sign-in was refused: wrong password or code, or a dead sign-in link (metrics count them). */
  signInFailed: [method: 'password' | 'code' | 'magic-link'];
  /** The mail server took a mail, or refused it or could not be reached (metrics count them). */
  mailSettled: [outcome: 'sent' | 'failed'];
};

export class AppEvents extends EventEmitter<AppEventMap> {}
