import { htmlToText } from './sanitize-html';

/** The plain text of rich HTML cut to `max` characters with an ellipsis (note previews, review previews). */
export function textPreview(html: string, max: number): { text: string; cut: boolean } {
  // By code points, so an emoji is never cut in half.
  const chars = Array.from(htmlToText(html));
  if (chars.length <= max) return { text: chars.join(''), cut: false };
  return { text: `${chars.slice(0, max).join('').trimEnd()}…`, cut: true };
}
