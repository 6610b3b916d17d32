import type { Conversation } from '@rozmova/contract';
import type { TFunction } from 'i18next';

/** How a conversation is named to its reader: the other person, or a group's announcements. */
export function conversationTitle(t: TFunction, c: Pick<Conversation, 'kind' | 'other' | 'groupTitle'>): string {
  if (c.kind === 'GROUP') return t('messages.groupTitle', { title: c.groupTitle ?? '' });
  return `${c.other.firstName} ${c.other.lastName}`.trim();
}
