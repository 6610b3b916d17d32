// The shape of rich text as the sanitiser's parser builds it, measured on the sanitiser's worker thread
// (sanitize-worker.mjs) before its DOM sees the markup, so that neither the measuring nor a refusal costs the requests'
// thread. Plain JavaScript like the worker; its types are in markup-measure.d.mts.
import { defaultTreeAdapter, parse } from 'parse5';

/** Depth 1 is a child of <body> (or <head>); elements leave out the html, head and body every document gets. */
const DOCUMENT_ELEMENTS = 3;
const isElement = (node) => 'tagName' in node;

class Exceeded extends Error {}

/**
 * The shape of the tree the sanitiser's parser will build from this markup, built by that very parser (parse5, which
 * jsdom runs, with scripting disabled as in DOMPurify's DOMParser) on a tree of plain objects: `/>` on a non-void
 * element, stray end tags, implied ends, the adoption agency and foster parenting all nest exactly as they will there.
 * Every insertion is checked, moved subtrees included, so the tree never grows past a limit: the parse stops at the
 * first element over either, and the figures then exceed that limit.
 */
export function measureMarkup(html, limits = { depth: Infinity, elements: Infinity }) {
  const shape = { depth: 0, elements: -DOCUMENT_ELEMENTS };
  const hosts = new WeakMap();
  const parentOf = (node) => ('parentNode' in node && node.parentNode) || hosts.get(node);
  const levelOf = (node) => {
    let level = -2;
    for (let at = node; at; at = parentOf(at)) if (isElement(at)) level++;
    return level;
  };
  // A template's content hangs below it, as the sanitiser walks it.
  const heightOf = (node) => {
    let height = 0;
    for (const child of node.childNodes) if (isElement(child)) height = Math.max(height, 1 + heightOf(child));
    const content = node.content;
    return content ? Math.max(height, heightOf(content)) : height;
  };
  const placed = (node) => {
    if (!isElement(node)) return;
    shape.depth = Math.max(shape.depth, levelOf(node) + heightOf(node));
    if (shape.depth > limits.depth) throw new Exceeded();
  };
  const treeAdapter = {
    ...defaultTreeAdapter,
    createElement(tagName, namespaceURI, attrs) {
      if (++shape.elements > limits.elements) throw new Exceeded();
      return defaultTreeAdapter.createElement(tagName, namespaceURI, attrs);
    },
    appendChild(parent, node) {
      defaultTreeAdapter.appendChild(parent, node);
      placed(node);
    },
    insertBefore(parent, node, reference) {
      defaultTreeAdapter.insertBefore(parent, node, reference);
      placed(node);
    },
    setTemplateContent(template, content) {
      defaultTreeAdapter.setTemplateContent(template, content);
      hosts.set(content, template);
    },
  };
  try {
    parse(html, { treeAdapter, scriptingEnabled: false });
  } catch (err) {
    if (!(err instanceof Exceeded)) throw err;
  }
  return { depth: shape.depth, elements: Math.max(0, shape.elements) };
}
