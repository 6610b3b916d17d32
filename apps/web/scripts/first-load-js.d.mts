export type PageJs = { jsKb: number; cssKb: number; files: number; inline: number; cssFiles: number };

export function firstLoad(dist: string): {
  collect(key: string, js: Set<string>, css: Set<string>): void;
  page(route: string, lng: string): PageJs;
};
