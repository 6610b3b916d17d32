import { RECORD_PREVIEW_CHARS } from '@rozmova/contract';
import { htmlToText } from '../../lib/sanitize-html';

/** The list's preview of a note: its plain text, cut to the spec's length with an ellipsis. */
export function recordPreview(html: string, max = RECORD_PREVIEW_CHARS): string {
  // By code points, so an emoji is never cut in half.
  const chars = Array.from(htmlToText(html));
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max).join('').trimEnd()}…`;
}
