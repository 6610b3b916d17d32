import type { UserRow } from '../db/schema/index.js';
import type { SignalSocketData } from './types.js';

/** Takes the account's current names and e-mail into what a socket relays and how its room sees it. */
export function refreshAccount(data: SignalSocketData, user: UserRow): void {
  Object.assign(data, { email: user.email, firstName: user.firstName, lastName: user.lastName });
  if (data.peer) data.peer = { ...data.peer, firstName: user.firstName, lastName: user.lastName };
}
