// @vitest-environment jsdom
// DOMPurify needs a faithful DOM; its README calls happy-dom unsafe for sanitising.
import { REVIEW_PREVIEW_CHARS } from '@rozmova/contract';
import { describe, expect, it } from 'vitest';
import { textPreview } from './text-preview';

describe('textPreview', () => {
  it('keeps a short text whole and says it was not cut', () => {
    expect(textPreview('<p><em>Short</em> review</p>', REVIEW_PREVIEW_CHARS)).toEqual({ text: 'Short review', cut: false });
    expect(textPreview(`<p>${'x'.repeat(100)}</p>`, 100)).toEqual({ text: 'x'.repeat(100), cut: false });
  });

  it('cuts a review to 100 characters of its text, not of its markup', () => {
    const html = `<p><strong>${'a'.repeat(60)}</strong></p><p>${'b'.repeat(60)}</p>`;
    const { text, cut } = textPreview(html, 100);
    expect(cut).toBe(true);
    expect(text).toBe(`${'a'.repeat(60)} ${'b'.repeat(39)}…`);
  });
});
