/** The questionnaires' cache keys. */
export const measureKeys = {
  /** The signed-in patient's own questionnaires. */
  own: () => ['measures', 'own'] as const,
};
