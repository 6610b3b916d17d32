// @vitest-environment jsdom
// DOMPurify needs a faithful DOM; its README calls happy-dom unsafe for sanitising.
import { describe, expect, it } from 'vitest';
import { htmlToText, sanitizeHtml } from './sanitize-html';

const PAYLOADS = [
  '<img src=x onerror=alert(1)>',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="JaVaScRiPt:alert(1)">click</a>',
  '<a href="data:text/html,<script>alert(1)</script>">data</a>',
  '<svg onload=alert(1)><circle /></svg>',
  '<p style="background:url(javascript:alert(1))" onclick="alert(1)">styled</p>',
  '<script>alert(1)</script>',
  '<iframe src="https://evil.invalid"></iframe>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<details open ontoggle=alert(1)>x</details>',
  '<form action="javascript:alert(1)"><button>go</button></form>',
];

/** Whether sanitised HTML, put into a live element, holds anything that could run or load. */
function executable(html: string): string[] {
  const box = document.createElement('div');
  box.innerHTML = html;
  const found: string[] = [];
  for (const el of box.querySelectorAll('*')) {
    if (['SCRIPT', 'IMG', 'SVG', 'IFRAME', 'STYLE', 'FORM', 'MATH', 'OBJECT', 'EMBED'].includes(el.tagName.toUpperCase())) {
      found.push(el.tagName);
    }
    for (const attr of el.attributes) {
      if (attr.name.startsWith('on') || attr.name === 'style' || attr.name === 'src') found.push(`${el.tagName}@${attr.name}`);
      if (attr.name === 'href' && !/^(https?:|mailto:)/i.test(attr.value)) found.push(`${el.tagName}@href=${attr.value}`);
    }
  }
  return found;
}

describe('sanitizeHtml', () => {
  it.each(PAYLOADS)('leaves nothing executable of %s', (payload) => {
    const clean = sanitizeHtml(payload);
    expect(executable(clean)).toEqual([]);
    expect(clean).not.toMatch(/javascript:|onerror|onload|onclick|ontoggle|<script|<img|<svg|style=/i);
  });

  it('keeps the formatting a note may have', () => {
    const html =
      '<h2>Session</h2><p><strong>bold</strong> <em>it</em> <u>u</u> <s>s</s> <code>c</code><br></p>' +
      '<ul><li><p>one</p></li></ul><ol><li><p>two</p></li></ol><blockquote><p>q</p></blockquote><pre><code>x</code></pre>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('makes links safe to follow and drops other attributes', () => {
    expect(sanitizeHtml('<a href="https://example.com" class="x" target="_self" rel="opener">site</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">site</a>',
    );
    expect(sanitizeHtml('<a href="mailto:a@example.com">mail</a>')).toContain('href="mailto:a@example.com"');
    expect(sanitizeHtml('<a href="/relative">rel</a>')).toBe('<a>rel</a>');
  });

  it('keeps the text of tags it drops, but not of scripts', () => {
    expect(sanitizeHtml('<div><span style="color:red">kept</span></div><script>lost()</script>')).toBe('kept');
  });
});

describe('htmlToText', () => {
  it('separates blocks and list items with a space', () => {
    expect(htmlToText('<p>First</p><ul><li><p>one</p></li><li><p>two</p></li></ul><p>a<br>b</p>')).toBe('First one two a b');
  });

  it('shows markup typed as text as text, and nothing of a payload', () => {
    expect(htmlToText('<p>&lt;b&gt;not bold&lt;/b&gt;</p><img src=x onerror=alert(1)>')).toBe('<b>not bold</b>');
  });
});
