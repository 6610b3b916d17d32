import { type Locale, ROOM_OPENS_MINUTES_BEFORE } from '@rozmova/contract';
import { createEvent, type EventAttributes } from 'ics';

/** One appointment as a calendar event: what its invite carries, no clinical content. */
export type CalendarSession = {
  id: number;
  sequence: number;
  canceled: boolean;
  startsAt: Date;
  endsAt: Date;
  videoCallRoomId: string;
  otherName: string;
  /** A group session's program title: the event is the group's, with UIDs of its own. */
  groupTitle?: string;
};

const titles: Record<Locale, (other: string) => string> = {
  en: (other) => `Rozmova session with ${other}`,
  uk: (other) => `Сесія в Rozmova: ${other}`,
};
const groupTitles: Record<Locale, (group: string) => string> = {
  en: (group) => `Rozmova group session: ${group}`,
  uk: (group) => `Групова сесія в Rozmova: ${group}`,
};
const descriptions: Record<Locale, (link: string) => string> = {
  en: (link) => `Video session in Rozmova. The room opens ${ROOM_OPENS_MINUTES_BEFORE} minutes before the start: ${link}`,
  uk: (link) => `Відеосесія в Rozmova. Кімната відкривається за ${ROOM_OPENS_MINUTES_BEFORE} хвилин до початку: ${link}`,
};

/** The sender's address of MAIL_FROM ("Rozmova <no-reply@…>" or bare). */
export const mailFromAddress = (mailFrom: string) => /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();

/**
 * Who an invite is between. The organizer is the psychologist by name, at the platform's address: their own address
 * is never given out, and replies have nowhere to go (RSVP=FALSE). The attendee is the invite's reader.
 */
export type InviteParties = { organizerName: string; attendee: { name: string; email: string } };

export type InviteOptions = InviteParties & { publicUrl: string; mailFrom: string; locale: Locale; now: Date };

/** The link that opens the session's video room. */
export const joinLink = (publicUrl: string, roomId: string): string =>
  new URL(`/video-chat-room?room=${encodeURIComponent(roomId)}`, publicUrl).toString();

/**
 * The iCalendar invite of an appointment: METHOD:REQUEST while it holds, METHOD:CANCEL once canceled; one UID per
 * appointment and its SEQUENCE, so a calendar replaces its copy; times in UTC.
 */
export function calendarInvite(session: CalendarSession, opts: InviteOptions): { method: 'REQUEST' | 'CANCEL'; content: string } {
  const method = session.canceled ? 'CANCEL' : 'REQUEST';
  const link = joinLink(opts.publicUrl, session.videoCallRoomId);
  // `ics` reads DTSTAMP from `timestamp` (else the machine's clock), which its types leave out.
  const attributes: EventAttributes & { timestamp: number } = {
    productId: 'rozmova/notifications',
    method,
    uid: `${session.groupTitle === undefined ? 'appointment' : 'group-session'}-${session.id}@${new URL(opts.publicUrl).hostname}`,
    sequence: session.sequence,
    status: session.canceled ? 'CANCELLED' : 'CONFIRMED',
    start: session.startsAt.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: session.endsAt.getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    title:
      session.groupTitle === undefined ? titles[opts.locale](session.otherName) : groupTitles[opts.locale](session.groupTitle),
    description: descriptions[opts.locale](link),
    location: link,
    url: link,
    organizer: { name: opts.organizerName.trim() || 'Rozmova', email: mailFromAddress(opts.mailFrom) },
    attendees: [{ name: opts.attendee.name.trim() || opts.attendee.email, email: opts.attendee.email, rsvp: false }],
    timestamp: opts.now.getTime(),
  };
  const { error, value } = createEvent(attributes);
  if (error || !value) throw error ?? new Error('the calendar invite could not be made');
  return { method, content: foldLines(value) };
}

/** RFC 5545 §3.1: a content line takes at most 75 octets, the line break aside. */
const MAX_LINE_OCTETS = 75;

/**
 * The calendar text with every line folded to at most 75 octets. `ics` folds by characters, so a line of Cyrillic
 * (two octets each) or emoji (four) runs far longer; folds fall between characters, never inside one's UTF-8 bytes.
 */
export function foldLines(ics: string): string {
  const unfolded = ics.replace(/\r\n[ \t]/g, '');
  return unfolded.split('\r\n').map(foldLine).join('\r\n');
}

function foldLine(line: string): string {
  const parts: string[] = [];
  let part = '';
  let octets = 0;
  // By code point, so a surrogate pair stays whole; each continuation line begins with a space, which counts.
  for (const char of line) {
    const size = Buffer.byteLength(char);
    if (octets + size > (parts.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1)) {
      parts.push(part);
      part = '';
      octets = 0;
    }
    part += char;
    octets += size;
  }
  parts.push(part);
  return parts.join('\r\n ');
}
