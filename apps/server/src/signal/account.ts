import type { UserRow } from '../db/schema/index.js';
import type { SignalSocketData } from './types.js';

/**
 * How the socket's account appears to its room: by its names and e-mail, except in a group session's room, where a
 * member shows only the first letter of the last name and no one's e-mail is relayed (members never learn more of
 * each other).
 */
export function shownAs(data: SignalSocketData): { firstName: string; lastName: string; email: string };
export function shownAs(data: SignalSocketData, only: 'names'): { firstName: string; lastName: string };
export function shownAs(data: SignalSocketData, only?: 'names') {
  const lastName = data.inGroup === 'PATIENT' ? data.lastName.slice(0, 1) : data.lastName;
  if (only) return { firstName: data.firstName, lastName };
  return { firstName: data.firstName, lastName, email: data.inGroup ? '' : data.email };
}

/** Takes the account's current names and e-mail into what a socket relays and how its room sees it. */
export function refreshAccount(data: SignalSocketData, user: UserRow): void {
  Object.assign(data, { email: user.email, firstName: user.firstName, lastName: user.lastName });
  if (data.peer) data.peer = { ...data.peer, ...shownAs(data, 'names') };
}
