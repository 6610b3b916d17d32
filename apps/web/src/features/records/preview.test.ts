// @vitest-environment jsdom
// DOMPurify needs a faithful DOM; its README calls happy-dom unsafe for sanitising.
import { describe, expect, it } from 'vitest';
import { recordPreview } from './preview';

describe('recordPreview', () => {
  it('is the plain text of a short note', () => {
    expect(recordPreview('<p><strong>Calm</strong> session.</p><ul><li><p>sleep</p></li></ul>')).toBe('Calm session. sleep');
  });

  it('cuts a long note to 150 characters with an ellipsis', () => {
    const preview = recordPreview(`<p>${'a'.repeat(400)}</p>`);
    expect(preview).toBe(`${'a'.repeat(150)}…`);
  });

  it('keeps exactly 150 characters whole', () => {
    expect(recordPreview(`<p>${'b'.repeat(150)}</p>`)).toBe('b'.repeat(150));
  });

  it('never cuts an emoji in half', () => {
    const preview = recordPreview(`<p>${'😊'.repeat(200)}</p>`);
    expect(Array.from(preview)).toHaveLength(151);
    expect(preview.startsWith('😊'.repeat(150))).toBe(true);
  });

  it('shows nothing of a script or image, and markup written as text stays text', () => {
    expect(recordPreview('<img src=x onerror="window.__xss=1"><p>&lt;img src=x&gt; hi</p><script>x()</script>')).toBe(
      '<img src=x> hi',
    );
  });
});
