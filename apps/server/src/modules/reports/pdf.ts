import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { wallOf } from '../../lib/zoned.js';

// DejaVu covers Latin and Cyrillic (and more); each font is embedded in the file (as a subset), so it reads the same anywhere.
const require = createRequire(import.meta.url);
const FONT_FILES = {
  regular: 'DejaVuSans.ttf',
  bold: 'DejaVuSans-Bold.ttf',
  italic: 'DejaVuSans-Oblique.ttf',
  boldItalic: 'DejaVuSans-BoldOblique.ttf',
};
let fonts: [string, Buffer][] | undefined;
/** Read once, on the first report asked for. */
const loadFonts = () => {
  fonts ??= Object.entries(FONT_FILES).map(([name, file]) => [
    name,
    readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`)),
  ]);
  return fonts;
};
const SIZES: Record<string, number> = { H1: 20, H2: 17, H3: 14, H4: 12, H5: 11, H6: 11 };
const BODY = 11;
const INDENT = 16;
const TEXT = '#1a1a1a';
const LINK = '#1c5fb8';

type Style = { bold: boolean; italic: boolean; underline: boolean; strike: boolean; link?: string };
type Run = Style & { text: string };
type Doc = PDFKit.PDFDocument;

const PLAIN: Style = { bold: false, italic: false, underline: false, strike: false };
const fontOf = (s: Style) => (s.bold ? (s.italic ? 'boldItalic' : 'bold') : s.italic ? 'italic' : 'regular');

/** The inline runs of a block, HTML whitespace collapsed; nested lists are left to the caller. */
function runsOf(nodes: Iterable<Node>, style: Style, out: Run[] = []): Run[] {
  for (const child of nodes) {
    if (child.nodeType === child.TEXT_NODE) {
      const text = (child.textContent ?? '').replace(/\s+/g, ' ');
      if (text) out.push({ ...style, text });
      continue;
    }
    if (child.nodeType !== child.ELEMENT_NODE) continue;
    const el = child as Element;
    const tag = el.tagName;
    if (tag === 'UL' || tag === 'OL') continue;
    if (tag === 'BR') out.push({ ...style, text: '\n' });
    else if (tag === 'P' && out.length > 0) out.push({ ...style, text: '\n' });
    runsOf(
      el.childNodes,
      {
        bold: style.bold || tag === 'STRONG' || tag === 'B',
        italic: style.italic || tag === 'EM' || tag === 'I',
        underline: style.underline || tag === 'U',
        strike: style.strike || tag === 'S' || tag === 'STRIKE',
        link: tag === 'A' ? (el.getAttribute('href') ?? undefined) : style.link,
      },
      out,
    );
  }
  return out;
}

function write(doc: Doc, runs: Run[], opts: { indent: number; size: number; gap: number; color?: string }): void {
  const trimmed = runs.map((r, i) => ({ ...r, text: i === 0 ? r.text.trimStart() : r.text })).filter((r) => r.text);
  if (trimmed.length === 0) return;
  const x = doc.page.margins.left + opts.indent;
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
}

function list(doc: Doc, el: Element, indent: number, color?: string): void {
  Array.from(el.children).forEach((li, i) => {
    const marker = el.tagName === 'OL' ? `${i + 1}. ` : '• ';
    write(doc, [{ ...PLAIN, text: marker }, ...runsOf(li.childNodes, PLAIN)], { indent, size: BODY, gap: 0.2, color });
    for (const nested of Array.from(li.children)) {
      if (nested.tagName === 'UL' || nested.tagName === 'OL') list(doc, nested, indent + INDENT, color);
    }
  });
}

function blocks(doc: Doc, parent: Node, indent: number, color?: string): void {
  for (const child of Array.from(parent.childNodes)) {
    if (child.nodeType === child.TEXT_NODE) {
      write(doc, runsOf([child], PLAIN), { indent, size: BODY, gap: 0.4, color });
      continue;
    }
    if (child.nodeType !== child.ELEMENT_NODE) continue;
    const el = child as Element;
    const tag = el.tagName;
    if (tag in SIZES) {
      doc.moveDown(0.3);
      write(doc, runsOf(el.childNodes, { ...PLAIN, bold: true }), { indent, size: SIZES[tag], gap: 0.3, color });
    } else if (tag === 'UL' || tag === 'OL') {
      list(doc, el, indent, color);
      doc.moveDown(0.3);
    } else if (tag === 'BLOCKQUOTE') {
      blocks(doc, el, indent + INDENT, '#555555');
    } else if (tag === 'HR') {
      const y = doc.y + 4;
      doc
        .moveTo(doc.page.margins.left, y)
        .lineTo(doc.page.width - doc.page.margins.right, y)
        .strokeColor('#999999')
        .stroke();
      doc.moveDown(0.8);
    } else {
      write(doc, runsOf(el.childNodes, PLAIN), { indent, size: BODY, gap: 0.5, color });
    }
  }
}

/** A report note's (sanitised) rich text as an A4 PDF, with who wrote it and when at the foot. */
export async function renderReportPdf(input: { html: string; author: string; createdAt: Date; zone: string }): Promise<Buffer> {
  // Loaded with the first report rather than at start: jsdom alone takes over a second of every server's start.
  const [{ JSDOM }, { default: PDFDocument }] = await Promise.all([import('jsdom'), import('pdfkit')]);
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: 'Rozmova', Author: input.author } });
  for (const [name, data] of loadFonts()) doc.registerFont(name, data);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  blocks(doc, JSDOM.fragment(input.html), 0);
  const written = wallOf(input.createdAt, input.zone).date;
  doc.moveDown(1);
  write(doc, [{ ...PLAIN, text: `Rozmova · ${input.author} · ${written}` }], { indent: 0, size: 8, gap: 0, color: '#777777' });
  doc.end();
  return done;
}
