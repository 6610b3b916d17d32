// The sanitiser as a worker thread (piscina, src/lib/sanitize-html.ts): parsing hostile markup takes the CPU for as
// long as it takes, and here it holds no request but its own. Plain JavaScript, so that a worker starts without the
// TypeScript loader in every runtime (the server, Vitest).
import { workerData } from 'node:worker_threads';
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { measureMarkup } from './markup-measure.mjs';

/**
 * From the pool (sanitize-html.ts): the contract's RICH_TEXT_ALLOW_LIST (everything else goes) and the markup limits
 * (deeper or larger markup is answered with its shape, unsanitised).
 */
const { allow, limits } = workerData;
const CONFIG = {
  ALLOWED_TAGS: allow.tags,
  ALLOWED_ATTR: allow.attributes,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOWED_URI_REGEXP: allow.uris,
  RETURN_DOM: true,
};

/** DOMPurify's window grows with use (its docs and isomorphic-dompurify#368), so a fresh one replaces it this often. */
const CALLS_PER_WINDOW = 500;

let purifier;
let calls = 0;

function makePurifier() {
  const { window } = new JSDOM('');
  const purify = createDOMPurify(window);
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'A' && node.hasAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  return { purify, close: () => window.close() };
}

/**
 * The HTML reduced to the editor's allow-list, and its text (to tell whether anything visible is left); or, for markup
 * over the limits, its shape.
 */
export default function sanitize(dirty) {
  const shape = measureMarkup(dirty, limits);
  if (shape.depth > limits.depth || shape.elements > limits.elements) return { shape };
  if (!purifier || calls >= CALLS_PER_WINDOW) {
    purifier?.close();
    purifier = makePurifier();
    calls = 0;
  }
  calls++;
  // RETURN_DOM hands back the <body> holding the clean tree.
  const body = purifier.purify.sanitize(dirty, CONFIG);
  return { html: body.innerHTML, text: body.textContent ?? '' };
}
