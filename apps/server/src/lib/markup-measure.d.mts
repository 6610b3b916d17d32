/** Depth 1 is a child of <body> (or <head>); elements leave out the html, head and body every document gets. */
export type MarkupShape = { depth: number; elements: number };

/**
 * The shape of the tree the sanitiser's parser (parse5, as jsdom runs it) builds from this markup; the parse stops at
 * the first element over a limit, and the figures then exceed that limit.
 */
export function measureMarkup(html: string, limits?: MarkupShape): MarkupShape;
