import { parse } from 'content-disposition';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contentDisposition } from './content-disposition.js';

describe('contentDisposition', () => {
  it('sends a plain ASCII name as it is, inline or as an attachment', () => {
    expect(contentDisposition('inline', 'diploma.png')).toBe('inline; filename=diploma.png');
    expect(contentDisposition('attachment', 'my report.pdf')).toBe('attachment; filename="my report.pdf"');
    expect(contentDisposition('inline', 'a"b\\c.pdf')).toBe('inline; filename="a\\"b\\\\c.pdf"');
  });

  it('gives any other name an underscored ASCII fallback and the exact name in filename*', () => {
    expect(contentDisposition('inline', 'диплом.pdf')).toBe(
      `inline; filename=______.pdf; filename*=UTF-8''${encodeURIComponent('диплом.pdf')}`,
    );
    expect(contentDisposition('attachment', 'a%20b.pdf')).toBe("attachment; filename=a_20b.pdf; filename*=UTF-8''a%2520b.pdf");
    expect(contentDisposition('attachment', 'x\r\ny.pdf')).toBe("attachment; filename=x__y.pdf; filename*=UTF-8''x%0D%0Ay.pdf");
  });

  it('reads back as the same type and name, and stays one line of printable ASCII, whatever the name', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('inline' as const, 'attachment' as const),
        fc.string({ unit: 'grapheme', minLength: 1 }),
        (type, name) => {
          const header = contentDisposition(type, name);
          expect(header).toMatch(/^[\x20-\x7e]+$/);
          const read = parse(header);
          expect(read.type).toBe(type);
          expect(read.parameters.filename).toBe(name);
        },
      ),
    );
  });
});
