import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LinkedText } from './linked-text';

function render(message: string): HTMLElement {
  const box = document.createElement('div');
  box.innerHTML = renderToStaticMarkup(
    <MantineProvider>
      <p data-chat>
        <LinkedText message={message} />
      </p>
    </MantineProvider>,
  );
  return box.querySelector('[data-chat]') as HTMLElement;
}

describe('LinkedText', () => {
  it('shows markup as the characters typed, never as elements', () => {
    const message = '<img src=x onerror=alert(1)><script>alert(1)</script><b>hi</b>';
    const view = render(message);
    expect(view.querySelector('img, script, b')).toBeNull();
    expect(view.textContent).toBe(message);
  });

  it('links addresses into a new tab without opener or referrer', () => {
    const view = render('notes: https://example.com/a?b=1&c=<x> thanks');
    const links = view.querySelectorAll('a');
    expect(links).toHaveLength(1);
    expect(links[0].getAttribute('href')).toBe('https://example.com/a?b=1&c=');
    expect(links[0].getAttribute('target')).toBe('_blank');
    expect(links[0].getAttribute('rel')).toBe('noopener noreferrer');
    expect(view.textContent).toBe('notes: https://example.com/a?b=1&c=<x> thanks');
  });

  it('makes no link of a javascript: address', () => {
    expect(render('javascript:alert(document.cookie)').querySelector('a')).toBeNull();
  });
});
