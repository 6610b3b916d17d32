/** Field values compared as data: arrays and objects by content. */
export const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export type Merged<V> = {
  /** The saved copy with the user's own edits over it. */
  values: V;
  /** The fields that were saved elsewhere with another value than the one the user read. */
  changed: (keyof V & string)[];
};

/**
 * After a save refused as stale: a field the user left as they read it takes the saved value, so saving again does not
 * undo someone else's change; a field they edited keeps what they typed.
 */
export function mergeSaved<V extends object>(read: V, typed: V, saved: V): Merged<V> {
  const values = { ...saved };
  const changed: (keyof V & string)[] = [];
  for (const key of Object.keys(saved) as (keyof V & string)[]) {
    if (!sameValue(typed[key], read[key])) values[key] = typed[key];
    if (!sameValue(saved[key], read[key])) changed.push(key);
  }
  return { values, changed };
}
