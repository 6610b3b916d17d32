import { RECORD_PREVIEW_CHARS } from '@rozmova/contract';
import { textPreview } from '../../lib/text-preview';

/** The list's preview of a note: its plain text, cut to the spec's length with an ellipsis. */
export const recordPreview = (html: string, max = RECORD_PREVIEW_CHARS): string => textPreview(html, max).text;
