import { describe, expect, it } from 'vitest';
import { linkify } from './linkify';

describe('linkify', () => {
  it('keeps plain text as one text part, markup included', () => {
    expect(linkify('<b>hi</b> & bye')).toEqual([{ kind: 'text', text: '<b>hi</b> & bye' }]);
  });

  it('turns http and https addresses into links, with the text around them kept', () => {
    expect(linkify('see https://example.com/a?b=1&c=2 and http://x.org')).toEqual([
      { kind: 'text', text: 'see ' },
      { kind: 'link', text: 'https://example.com/a?b=1&c=2', href: 'https://example.com/a?b=1&c=2' },
      { kind: 'text', text: ' and ' },
      { kind: 'link', text: 'http://x.org', href: 'http://x.org' },
    ]);
  });

  it('leaves sentence punctuation after an address outside the link', () => {
    expect(linkify('Go to www.example.com.')).toEqual([
      { kind: 'text', text: 'Go to ' },
      { kind: 'link', text: 'www.example.com', href: 'https://www.example.com' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('never links other schemes', () => {
    const parts = linkify('javascript:alert(1) data:text/html,x');
    expect(parts.every((p) => p.kind === 'text')).toBe(true);
  });

  it('does not let a quote or angle bracket into a link', () => {
    expect(linkify('"https://a.example/x"><img>')).toEqual([
      { kind: 'text', text: '"' },
      { kind: 'link', text: 'https://a.example/x', href: 'https://a.example/x' },
      { kind: 'text', text: '"><img>' },
    ]);
  });
});
