/** A piece of chat text: plain text, or a web address to show as a link. */
export type ChatPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

// http(s) addresses and bare www. ones; trailing punctuation that usually ends a sentence is left outside the link.
const URL_PATTERN = /\b(?:https?:\/\/|www\.)[^\s<>"']+/gi;
const TRAILING = /[.,;:!?)\]}]+$/;

/**
 * Splits chat text into text and links. Nothing here builds HTML: React escapes every part it renders, so
 * markup in a message shows as the characters typed, and only http(s) links are ever made.
 */
export function linkify(message: string): ChatPart[] {
  const parts: ChatPart[] = [];
  let last = 0;
  for (const match of message.matchAll(URL_PATTERN)) {
    const raw = match[0];
    const trail = raw.match(TRAILING)?.[0] ?? '';
    const text = raw.slice(0, raw.length - trail.length);
    const start = match.index;
    if (!text.includes('.') && !/^https?:\/\/[^/]/i.test(text)) continue;
    if (start > last) parts.push({ kind: 'text', text: message.slice(last, start) });
    const href = /^https?:\/\//i.test(text) ? text : `https://${text}`;
    parts.push({ kind: 'link', text, href });
    last = start + text.length;
  }
  if (last < message.length) parts.push({ kind: 'text', text: message.slice(last) });
  return parts;
}
