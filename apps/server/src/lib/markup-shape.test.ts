import { RICH_TEXT_MAX_DEPTH, RICH_TEXT_MAX_ELEMENTS } from '@rozmova/contract';
import fc from 'fast-check';
import { JSDOM } from 'jsdom';
import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from './errors.js';
import { MARKUP_LIMITS, measureMarkup, refuseOverLimits } from './markup-shape.js';

const refusal = (html: string) => {
  try {
    refuseOverLimits(measureMarkup(html, MARKUP_LIMITS), 'body.review');
  } catch (err) {
    return err instanceof AppError ? `${err.statusCode} ${err.code} ${err.fields?.[0].field}` : String(err);
  }
  return 'accepted';
};
const nested = (levels: number) => `<p>${'<b>'.repeat(levels - 1)}x${'</b>'.repeat(levels - 1)}</p>`;

describe('the markup limits', () => {
  it('accepts what the editor makes, at the deepest and the largest', () => {
    expect(refusal(nested(RICH_TEXT_MAX_DEPTH))).toBe('accepted');
    expect(refusal('<p>a<br>b</p><hr>'.repeat(RICH_TEXT_MAX_ELEMENTS / 3))).toBe('accepted');
  });

  it('refuses one level deeper or one element more, with the field', () => {
    expect(refusal(nested(RICH_TEXT_MAX_DEPTH + 1))).toBe('400 MARKUP_TOO_COMPLEX body.review');
    expect(refusal('<br>'.repeat(RICH_TEXT_MAX_ELEMENTS + 1))).toBe('400 MARKUP_TOO_COMPLEX body.review');
  });

  it('counts unclosed tags as open, as a parser nests them', () => {
    expect(refusal(`<p>x${'<b><i>'.repeat(RICH_TEXT_MAX_DEPTH)}y`)).toBe('400 MARKUP_TOO_COMPLEX body.review');
    // Stray closing tags do not earn depth back below zero.
    expect(refusal(`${'</b>'.repeat(50)}${nested(RICH_TEXT_MAX_DEPTH)}`)).toBe('accepted');
  });

  // Each passed the old count of tags in the text and parsed to 2,990 levels: 5 to 9 s of a worker each.
  it.each([
    ['a stray end tag after each open one', '<div></span>'],
    ['/> on an element that is not void', '<div/>'],
    ['/> on a formatting element', '<b/>'],
  ])('refuses %s, repeated 2,990 times, having parsed no further than the limit', (_, unit) => {
    const html = unit.repeat(2990);
    expect(refusal(html)).toBe('400 MARKUP_TOO_COMPLEX body.review');
    const limits = { depth: RICH_TEXT_MAX_DEPTH, elements: RICH_TEXT_MAX_ELEMENTS };
    expect(measureMarkup(html, limits)).toEqual({ depth: RICH_TEXT_MAX_DEPTH + 1, elements: RICH_TEXT_MAX_DEPTH + 1 });
    expect(measureMarkup(html).depth).toBe(2990);
  });

  it('counts the elements the parser makes up, not only the tags written', () => {
    // Formatting elements left open are made again for each block after their close: 322 tags, 3,171 elements.
    const open = Array.from({ length: 20 }, (_, i) => `<b id=${i}>`).join('');
    const reopened = `<div>${open}</div>${'<div>x</div>'.repeat(150)}`;
    expect(measureMarkup(reopened)).toEqual({ depth: 21, elements: 3171 });
    expect(refusal(reopened)).toBe('400 MARKUP_TOO_COMPLEX body.review');
  });
});

/** The sanitiser's parse, as DOMPurify makes it: jsdom's DOMParser (scripting disabled). */
const { window } = new JSDOM('');
afterAll(() => window.close());

/** Depth as measureMarkup counts it (a child of <body> or <head> is 1), template contents included, and elements. */
function jsdomShape(html: string) {
  const doc = new window.DOMParser().parseFromString(html, 'text/html');
  let depth = 0;
  let elements = 0;
  const walk = (node: Node, level: number) => {
    for (const child of [...node.childNodes, ...((node as HTMLTemplateElement).content?.childNodes ?? [])]) {
      if (child.nodeType !== window.Node.ELEMENT_NODE) continue;
      depth = Math.max(depth, level);
      elements++;
      walk(child, level + 1);
    }
  };
  walk(doc.documentElement, 0);
  return { depth, elements: elements - 2 };
}

const TAGS = ['div', 'p', 'span', 'li', 'ul', 'table', 'tr', 'td', 'caption', 'select', 'option', 'template', 'svg', 'h1'];
const FORMATTING = ['b', 'i', 'a', 'u', 's', 'em', 'strong', 'code', 'font', 'nobr'];
const VOIDS = ['br', 'hr', 'img', 'input', 'wbr', 'col'];
const name = fc.constantFrom(...TAGS, ...FORMATTING, ...VOIDS, 'body', 'html', 'head', 'title', 'form', 'button');
const token = fc.oneof(
  { weight: 4, arbitrary: name.map((n) => `<${n}>`) },
  { weight: 2, arbitrary: name.map((n) => `<${n}/>`) },
  { weight: 3, arbitrary: name.map((n) => `</${n}>`) },
  // Distinct attributes keep formatting elements out of the parser's limit of three alike.
  { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...FORMATTING), fc.nat(9)).map(([n, i]) => `<${n} id=${i}>`) },
  { weight: 2, arbitrary: fc.constantFrom('x', ' ', '<!--c-->') },
);
// Runs of one token make the deep trees (`<div/>` forty times); single tokens mix everything between them.
const run = fc.tuple(token, fc.integer({ min: 1, max: 40 })).map(([t, n]) => t.repeat(n));
const markup = fc
  .array(fc.oneof({ weight: 5, arbitrary: token }, { weight: 1, arbitrary: run }), { maxLength: 100, size: 'max' })
  .map((parts) => parts.join(''));

describe('measureMarkup against jsdom', () => {
  it('is never below the depth or element count of the tree jsdom builds, and the check refuses what exceeds', () => {
    fc.assert(
      fc.property(markup, (html) => {
        const real = jsdomShape(html);
        const measured = measureMarkup(html);
        // Above the final tree only where the adoption agency first built deeper and then moved elements up.
        expect(measured.depth).toBeGreaterThanOrEqual(real.depth);
        expect(measured.elements).toBeGreaterThanOrEqual(real.elements);
        const fits = measured.depth <= RICH_TEXT_MAX_DEPTH && measured.elements <= RICH_TEXT_MAX_ELEMENTS;
        expect(refusal(html)).toBe(fits ? 'accepted' : '400 MARKUP_TOO_COMPLEX body.review');
      }),
      { seed: Number(process.env.PROPERTY_SEED ?? 20260311), numRuns: Number(process.env.MARKUP_PROPERTY_RUNS ?? 200) },
    );
  });
});
