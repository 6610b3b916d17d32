// A report's PDF, made on a worker thread (piscina, pdf.ts): laying out some 60 pages takes the CPU for a second or
// more, and here it holds no request but its own. Plain JavaScript, so that a worker starts without the TypeScript
// loader in every runtime (the server, Vitest).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { JSDOM } from 'jsdom';
import PDFDocument from 'pdfkit';

// DejaVu covers Latin and Cyrillic (and more); each font is embedded in the file (as a subset), so it reads the same anywhere.
const require = createRequire(import.meta.url);
const FONTS = Object.entries({
  regular: 'DejaVuSans.ttf',
  bold: 'DejaVuSans-Bold.ttf',
  italic: 'DejaVuSans-Oblique.ttf',
  boldItalic: 'DejaVuSans-BoldOblique.ttf',
}).map(([name, file]) => [name, readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`))]);

const SIZES = { H1: 20, H2: 17, H3: 14, H4: 12, H5: 11, H6: 11 };
const BODY = 11;
const INDENT = 16;
/** Quotes and lists may nest 30 deep; past six steps the text would grow too narrow to read, and past 30 lose words. */
const MAX_INDENT = 6 * INDENT;
const TEXT = '#1a1a1a';
const LINK = '#1c5fb8';
/** Elements that start on a line of their own when met inside a paragraph's text. */
const BREAKS = new Set(['P', 'LI', 'UL', 'OL', 'BLOCKQUOTE', 'PRE', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6']);

const PLAIN = { bold: false, italic: false, underline: false, strike: false };
/** A node's children, walked by sibling: jsdom's NodeList and HTMLCollection proxies cost more than the layout. */
const childrenOf = (node) => {
  const out = [];
  for (let child = node.firstChild; child; child = child.nextSibling) out.push(child);
  return out;
};
const isList = (node) => node.tagName === 'UL' || node.tagName === 'OL';
const fontOf = (s) => (s.bold ? (s.italic ? 'boldItalic' : 'bold') : s.italic ? 'italic' : 'regular');

/** Thrown between two pieces of text once the caller's deadline has passed: nobody waits for the file any more. */
class TooLate extends Error {}

/** The text runs of some nodes, HTML whitespace collapsed; nothing is left out (blocks inside start a new line). */
function runsOf(nodes, style, out = []) {
  for (const child of nodes) {
    if (child.nodeType === child.TEXT_NODE) {
      const text = (child.textContent ?? '').replace(/\s+/g, ' ');
      if (text) out.push({ ...style, text });
      continue;
    }
    if (child.nodeType !== child.ELEMENT_NODE) continue;
    const tag = child.tagName;
    if (tag === 'BR') out.push({ ...style, text: '\n' });
    else if (BREAKS.has(tag) && out.length > 0 && out.at(-1).text !== '\n') out.push({ ...style, text: '\n' });
    runsOf(
      childrenOf(child),
      {
        bold: style.bold || tag === 'STRONG' || tag === 'B',
        italic: style.italic || tag === 'EM' || tag === 'I',
        underline: style.underline || tag === 'U',
        strike: style.strike || tag === 'S' || tag === 'STRIKE',
        link: tag === 'A' ? (child.getAttribute('href') ?? undefined) : style.link,
      },
      out,
    );
  }
  return out;
}

function writer(doc, deadline) {
  return (runs, opts) => {
    if (Date.now() > deadline) throw new TooLate();
    const trimmed = runs.map((r, i) => ({ ...r, text: i === 0 ? r.text.trimStart() : r.text })).filter((r) => r.text);
    if (trimmed.length === 0) return;
    const x = doc.page.margins.left + Math.min(opts.indent, MAX_INDENT);
    const width = doc.page.width - doc.page.margins.right - x;
    doc.fontSize(opts.size);
    trimmed.forEach((r, i) => {
      doc.font(fontOf(r)).fillColor(r.link ? LINK : (opts.color ?? TEXT));
      const options = {
        width,
        continued: i < trimmed.length - 1,
        underline: r.underline || !!r.link,
        strike: r.strike,
        link: r.link ?? null,
      };
      if (i === 0) doc.text(r.text, x, doc.y, options);
      else doc.text(r.text, options);
    });
    doc.moveDown(opts.gap);
  };
}

/** A list item's own text first, then its lists, one step further in; its other blocks' text stays in its own. */
function list(write, el, indent, color) {
  const items = childrenOf(el).filter((c) => c.nodeType === c.ELEMENT_NODE);
  items.forEach((li, i) => {
    const marker = el.tagName === 'OL' ? `${i + 1}. ` : '• ';
    const children = childrenOf(li);
    const own = children.filter((c) => !isList(c));
    write([{ ...PLAIN, text: marker }, ...runsOf(own, PLAIN)], { indent, size: BODY, gap: 0.2, color });
    for (const inner of children.filter(isList)) list(write, inner, indent + INDENT, color);
  });
}

function blocks(doc, write, parent, indent, color) {
  for (const child of childrenOf(parent)) {
    if (child.nodeType === child.TEXT_NODE) {
      write(runsOf([child], PLAIN), { indent, size: BODY, gap: 0.4, color });
      continue;
    }
    if (child.nodeType !== child.ELEMENT_NODE) continue;
    const tag = child.tagName;
    if (tag in SIZES) {
      doc.moveDown(0.3);
      write(runsOf(childrenOf(child), { ...PLAIN, bold: true }), { indent, size: SIZES[tag], gap: 0.3, color });
    } else if (isList(child)) {
      list(write, child, indent, color);
      doc.moveDown(0.3);
    } else if (tag === 'BLOCKQUOTE') {
      blocks(doc, write, child, indent + INDENT, '#555555');
    } else if (tag === 'HR') {
      const y = doc.y + 4;
      doc
        .moveTo(doc.page.margins.left, y)
        .lineTo(doc.page.width - doc.page.margins.right, y)
        .strokeColor('#999999')
        .stroke();
      doc.moveDown(0.8);
    } else if (tag === 'P' || tag === 'PRE') {
      write(runsOf(childrenOf(child), PLAIN), { indent, size: BODY, gap: 0.5, color });
    } else {
      write(runsOf([child], PLAIN), { indent, size: BODY, gap: 0.5, color });
    }
  }
}

/**
 * A report note's (sanitised) rich text as an A4 PDF with `footer` at its foot, or null once `deadline` (ms since the
 * epoch) has passed. Without input it only answers: the pool's first task, which waits for this module to load.
 */
export default function render(input) {
  if (!input) return null;
  const { html, author, footer, deadline } = input;
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: 'Rozmova', Author: author } });
  for (const [name, data] of FONTS) doc.registerFont(name, data);
  const chunks = [];
  doc.on('data', (c) => chunks.push(c));
  const done = new Promise((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const write = writer(doc, deadline);
  try {
    blocks(doc, write, JSDOM.fragment(html), 0);
    doc.moveDown(1);
    write([{ ...PLAIN, text: footer }], { indent: 0, size: 8, gap: 0, color: '#777777' });
  } catch (err) {
    if (err instanceof TooLate) return null;
    throw err;
  }
  doc.end();
  return done;
}
