import { afterAll, describe, expect, it } from 'vitest';
import { expectHarmless, XSS_PAYLOADS } from '../../test/fixtures/xss.js';
import { closeSanitizer, sanitizeHtml } from './sanitize-html.js';

const clean = (html: string) => sanitizeHtml(html, 'body.content', 1);
afterAll(() => closeSanitizer());

describe('sanitizeHtml', () => {
  it('keeps the formatting the editor makes', async () => {
    const html =
      '<h2>Session</h2><p>a<br>b <strong>s</strong> <b>b</b> <em>e</em> <i>i</i> <u>u</u> <s>s</s> <strike>k</strike> <code>c</code></p>' +
      '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote><p>q</p></blockquote><pre><code>x</code></pre><hr><h4>h</h4>';
    expect((await clean(html)).html).toBe(html);
  });

  it('keeps http, https and mailto links and opens them in a new tab without the opener', async () => {
    expect((await clean('<p><a href="https://example.com/a?b=1">x</a> <a href="mailto:a@b.test">m</a></p>')).html).toBe(
      '<p><a href="https://example.com/a?b=1" target="_blank" rel="noopener noreferrer">x</a> ' +
        '<a href="mailto:a@b.test" target="_blank" rel="noopener noreferrer">m</a></p>',
    );
  });

  it.each(XSS_PAYLOADS)('neutralises %s', async (payload) => {
    const { html, text } = await clean(payload);
    expectHarmless(html);
    expect(text).toContain('kept');
  });

  it('drops the href of links it does not allow but keeps their text', async () => {
    expect((await clean('<a href="javascript:alert(1)">x</a>')).html).toBe('<a>x</a>');
    expect((await clean('<a href="/relative">x</a>')).html).toBe('<a>x</a>');
  });

  it('reports the visible text, empty for markup without any', async () => {
    expect((await clean('<p><img src=x></p><hr><script>x</script>')).text).toBe('');
    expect((await clean('<p>unclosed <b>bold')).html).toBe('<p>unclosed <b>bold</b></p>');
  });

  it('gives the same answers across window recycling', async () => {
    for (let i = 0; i < 1100; i++) expect((await clean(`<p onclick=x>${i}</p>`)).html).toBe(`<p>${i}</p>`);
  });
});
