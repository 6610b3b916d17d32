import { RICH_TEXT_MAX_DEPTH, RICH_TEXT_MAX_ELEMENTS } from '@rozmova/contract';
import { AppError } from './errors.js';
import type { MarkupShape } from './markup-measure.mjs';

export { type MarkupShape, measureMarkup } from './markup-measure.mjs';

/**
 * What the editor makes at most: deeper or larger markup is refused before the sanitiser's DOM sees it (jsdom takes
 * seconds on thousands of nested elements, and the measuring parse stops within these limits).
 */
export const MARKUP_LIMITS: MarkupShape = { depth: RICH_TEXT_MAX_DEPTH, elements: RICH_TEXT_MAX_ELEMENTS };

export const tooComplex = (field: string, why: string) =>
  new AppError(400, 'MARKUP_TOO_COMPLEX', `${field}: ${why}`, [{ field, message: why }]);

/** Refuses a shape over the limits (400 MARKUP_TOO_COMPLEX naming the field and the limit passed). */
export function refuseOverLimits(shape: MarkupShape, field: string): void {
  if (shape.elements > RICH_TEXT_MAX_ELEMENTS) throw tooComplex(field, `More than ${RICH_TEXT_MAX_ELEMENTS} elements`);
  if (shape.depth > RICH_TEXT_MAX_DEPTH) throw tooComplex(field, `Nested deeper than ${RICH_TEXT_MAX_DEPTH} levels`);
}
