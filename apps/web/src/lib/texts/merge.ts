export type Texts = { [key: string]: string | Texts };

/** Each feature keeps its own locale file per language; one language's files are merged into one tree. */
export function mergeTexts(files: Record<string, Texts>): Texts {
  const out: Texts = {};
  const deep = (target: Texts, src: Texts) => {
    for (const [k, v] of Object.entries(src)) {
      if (typeof v !== 'object') target[k] = v;
      else {
        if (typeof target[k] !== 'object') target[k] = {};
        deep(target[k] as Texts, v);
      }
    }
  };
  for (const file of Object.values(files)) deep(out, file);
  return out;
}
