/**
 * The psychologist's records' cache keys: the notes list is read by the records screen and refreshed by a report
 * saved as a note (features/reports).
 */
export const recordKeys = {
  list: () => ['records', 'list'] as const,
  /** The patients this psychologist treats: whom a note may be about and who may be sent a message. */
  patients: () => ['records', 'patients'] as const,
};
