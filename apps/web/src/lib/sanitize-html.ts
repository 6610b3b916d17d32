import { RICH_TEXT_ALLOW_LIST } from '@rozmova/contract';
import createDOMPurify from 'dompurify';

// An instance of our own, so the link hook below touches no other use of DOMPurify.
const purify = createDOMPurify(window);

purify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName !== 'A') return;
  if (!node.hasAttribute('href')) return;
  // A note's links open outside the app and learn nothing about it.
  node.setAttribute('target', '_blank');
  node.setAttribute('rel', 'noopener noreferrer');
});

/** Note HTML reduced to the allow-list: no scripts, handlers, styles or images; links only to http(s) and mailto. */
export function sanitizeHtml(html: string): string {
  return purify.sanitize(html, {
    ALLOWED_TAGS: RICH_TEXT_ALLOW_LIST.tags,
    ALLOWED_ATTR: RICH_TEXT_ALLOW_LIST.attributes,
    ALLOWED_URI_REGEXP: RICH_TEXT_ALLOW_LIST.uris,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
  });
}

/** The plain text of note HTML, blocks separated by a space and whitespace collapsed. */
export function htmlToText(html: string): string {
  // A parsed document is inert: nothing in it runs or loads, and it is sanitised first all the same.
  const doc = new DOMParser().parseFromString(sanitizeHtml(html), 'text/html');
  for (const el of doc.body.querySelectorAll('p, li, h1, h2, h3, h4, h5, h6, blockquote, pre, br, hr')) el.append(' ');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}
