import type { NotificationDetails } from '../../db/schema/index.js';

/** What a notification says to its reader: a title, the sentences of its text, and a closing line for mails. */
export type Said = { title: string; lines: string[]; mailNote?: string };

/** What a notification's text is made of, on the reader's clock and in their language. */
export type Facts = {
  when: string;
  previous: string;
  other: string;
  reason: string | null;
  by: NotificationDetails['by'];
  as: NotificationDetails['as'];
  message: string;
  /** A group notification's program title, and the sessions its mail invites to or cancels, on the reader's clock. */
  group: string;
  sessions: string[];
  /** How many risk alerts a mail stands for: its own and those that came while it waited (one or more). */
  alerts: number;
  /** A MESSAGE about a new message in a conversation, which names the writer and not the text. */
  inConversation: boolean;
};
