import { RICH_TEXT_MAX_DEPTH, RICH_TEXT_MAX_ELEMENTS } from '@rozmova/contract';
import { type DefaultTreeAdapterMap, defaultTreeAdapter, parse, type TreeAdapter } from 'parse5';
import { AppError } from './errors.js';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];
type Template = DefaultTreeAdapterMap['template'];

/** Depth 1 is a child of <body> (or <head>); elements leave out the html, head and body every document gets. */
export type MarkupShape = { depth: number; elements: number };

const DOCUMENT_ELEMENTS = 3;
const isElement = (node: Node): node is Element => 'tagName' in node;

class Exceeded extends Error {}

/**
 * The shape of the tree the sanitiser's parser will build from this markup, built by that very parser (parse5, which
 * jsdom runs, with scripting disabled as in DOMPurify's DOMParser) on a tree of plain objects: `/>` on a non-void
 * element, stray end tags, implied ends, the adoption agency and foster parenting all nest exactly as they will there.
 * Every insertion is checked, moved subtrees included, so the tree never grows past a limit: the parse stops at the
 * first element over either, and the figures then exceed that limit.
 */
export function measureMarkup(html: string, limits: MarkupShape = { depth: Infinity, elements: Infinity }): MarkupShape {
  const shape = { depth: 0, elements: -DOCUMENT_ELEMENTS };
  const hosts = new WeakMap<Node, Element>();
  const parentOf = (node: Node): Node | undefined => ('parentNode' in node && node.parentNode) || hosts.get(node);
  const levelOf = (node: Node) => {
    let level = -2;
    for (let at: Node | undefined = node; at; at = parentOf(at)) if (isElement(at)) level++;
    return level;
  };
  // A template's content hangs below it, as the sanitiser walks it.
  const heightOf = (node: Element | Template['content']): number => {
    let height = 0;
    for (const child of node.childNodes) if (isElement(child)) height = Math.max(height, 1 + heightOf(child));
    const content = (node as Partial<Template>).content;
    return content ? Math.max(height, heightOf(content)) : height;
  };
  const placed = (node: Node) => {
    if (!isElement(node)) return;
    shape.depth = Math.max(shape.depth, levelOf(node) + heightOf(node));
    if (shape.depth > limits.depth) throw new Exceeded();
  };
  const treeAdapter: TreeAdapter<DefaultTreeAdapterMap> = {
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

export const tooComplex = (field: string, why: string) =>
  new AppError(400, 'MARKUP_TOO_COMPLEX', `${field}: ${why}`, [{ field, message: why }]);

/**
 * Refuses markup nested deeper or holding more elements than the editor makes, before the sanitiser's DOM sees it:
 * jsdom takes seconds on thousands of nested elements, and this parse stops within the limits (a few ms for a note).
 */
export function checkMarkupShape(html: string, field: string): void {
  const shape = measureMarkup(html, { depth: RICH_TEXT_MAX_DEPTH, elements: RICH_TEXT_MAX_ELEMENTS });
  if (shape.elements > RICH_TEXT_MAX_ELEMENTS) throw tooComplex(field, `More than ${RICH_TEXT_MAX_ELEMENTS} elements`);
  if (shape.depth > RICH_TEXT_MAX_DEPTH) throw tooComplex(field, `Nested deeper than ${RICH_TEXT_MAX_DEPTH} levels`);
}
