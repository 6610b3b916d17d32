/** A script of apps/web as it goes inline into a page's head (inline-script.mjs). */
export function inlineScript(name: string): string;
