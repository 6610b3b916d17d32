// @vitest-environment jsdom
// DOMPurify needs a faithful DOM; its README calls happy-dom unsafe for sanitising.
import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RichTextView } from './rich-text-view';

function render(html: string): HTMLElement {
  const box = document.createElement('div');
  box.innerHTML = renderToStaticMarkup(
    <MantineProvider>
      <RichTextView html={html} />
    </MantineProvider>,
  );
  return box.querySelector('[data-rich-text]') as HTMLElement;
}

describe('RichTextView', () => {
  it('shows formatting', () => {
    const view = render('<p><strong>bold</strong> and <em>it</em></p><ul><li><p>one</p></li></ul>');
    expect(view.querySelector('strong')?.textContent).toBe('bold');
    expect(view.querySelector('em')?.textContent).toBe('it');
    expect(view.querySelectorAll('li')).toHaveLength(1);
  });

  it('renders no image, svg, script, handler or style from a note', () => {
    const view = render(
      '<img src=x onerror=alert(1)><svg onload=alert(1)></svg><script>alert(1)</script>' +
        '<p style="color:red" onclick="alert(1)">text</p><a href="javascript:alert(1)">bad</a>',
    );
    expect(view.querySelectorAll('img, svg, script, style, [style], [onclick], [onerror], [onload]')).toHaveLength(0);
    expect(view.querySelector('a')?.hasAttribute('href')).toBe(false);
    expect(view.textContent).toContain('text');
  });

  it('opens links in a new tab without the opener', () => {
    const link = render('<p><a href="https://example.com">site</a></p>').querySelector('a');
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer');
  });
});
