import { ROOM_OPENS_MINUTES_BEFORE } from '@rozmova/contract';
import fc from 'fast-check';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { calendarInvite, foldLines } from './calendar.js';

const lines = (ics: string) => ics.split('\r\n');
const octets = (line: string) => Buffer.byteLength(line);
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
/** Whether every line, cut out of the text's bytes alone, is whole UTF-8: no fold split a character. */
function wholeUtf8(ics: string): boolean {
  const bytes = Buffer.from(ics);
  let start = 0;
  for (let end = bytes.indexOf('\r\n'); ; end = bytes.indexOf('\r\n', start)) {
    // A character split in two is written as U+FFFD on each side; a split byte sequence would not decode at all.
    if (strictUtf8.decode(bytes.subarray(start, end === -1 ? undefined : end)).includes('\uFFFD')) return false;
    if (end === -1) return true;
    start = end + 2;
  }
}

describe('calendar invites', () => {
  // Cyrillic takes two octets a character, the emoji four (and a joined one several code points).
  const otherName = 'Олександра Ковальчук-Шевченко 🌻🧘‍♀️ Мирослава Григоренко-Дзюбенко 👩🏽‍⚕️';
  const OPTIONS = {
    publicUrl: 'https://rozmova.example',
    mailFrom: 'Rozmova <no-reply@rozmova.example>',
    locale: 'en' as const,
    now: new Date('2026-03-11T08:20:00Z'),
    organizerName: 'Olena Kovalenko',
    attendee: { name: 'Petro Shevchenko', email: 'petro@example.com' },
  };
  const session = {
    id: 42,
    sequence: 3,
    canceled: false,
    startsAt: new Date('2026-03-12T13:00:00Z'),
    endsAt: new Date('2026-03-12T13:50:00Z'),
    videoCallRoomId: 'room-5f0c6a1e-8d1b-4f7a-9a63-2c1e0b8f9d44',
    otherName,
  };

  it('keeps every line within 75 octets, folds between characters, and reads back as written', () => {
    const invite = calendarInvite(session, { ...OPTIONS, locale: 'uk' });
    const ics = invite.content;
    expect(Math.max(...lines(ics).map(octets))).toBeLessThanOrEqual(75);
    expect(wholeUtf8(ics)).toBe(true);
    // The long lines were folded, not cut short.
    expect(lines(ics).filter((line) => line.startsWith(' ')).length).toBeGreaterThan(2);

    const event = new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent') as ICAL.Component;
    expect(event.getFirstPropertyValue('summary')).toBe(`Сесія в Rozmova: ${otherName}`);
    expect(event.getFirstPropertyValue('description')).toBe(
      `Відеосесія в Rozmova. Кімната відкривається за ${ROOM_OPENS_MINUTES_BEFORE} хвилин до початку: https://rozmova.example/video-chat-room?room=${session.videoCallRoomId}`,
    );
    expect(event.getFirstPropertyValue('location')).toBe(
      `https://rozmova.example/video-chat-room?room=${session.videoCallRoomId}`,
    );
  });

  it('names the psychologist as organizer at the platform address and the reader as attendee, stamped on the app clock', () => {
    const event = new ICAL.Component(ICAL.parse(calendarInvite(session, OPTIONS).content)).getFirstSubcomponent(
      'vevent',
    ) as ICAL.Component;
    const organizer = event.getFirstProperty('organizer') as ICAL.Property;
    expect(String(organizer.getFirstValue()).toLowerCase()).toBe('mailto:no-reply@rozmova.example');
    expect(organizer.getParameter('cn')).toBe('Olena Kovalenko');
    const attendee = event.getFirstProperty('attendee') as ICAL.Property;
    expect(String(attendee.getFirstValue()).toLowerCase()).toBe('mailto:petro@example.com');
    expect(attendee.getParameter('cn')).toBe('Petro Shevchenko');
    expect(attendee.getParameter('rsvp')).toBe('FALSE');
    expect(String(event.getFirstPropertyValue('dtstamp'))).toBe('2026-03-11T08:20:00Z');
  });

  it('folds any text to lines of at most 75 octets that unfold to it again', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), (text) => {
        const line = `SUMMARY:${text.replace(/[\r\n]/g, '')}`;
        const folded = foldLines(`BEGIN:VEVENT\r\n${line}\r\nEND:VEVENT`);
        expect(lines(folded).every((l) => octets(l) <= 75)).toBe(true);
        expect(wholeUtf8(folded)).toBe(true);
        expect(folded.replace(/\r\n /g, '')).toBe(`BEGIN:VEVENT\r\n${line}\r\nEND:VEVENT`);
      }),
    );
  });
});
