/** TanStack Query keys of the psychologist area. */
export const psychologistKeys = {
  profile: ['psychologist', 'profile'] as const,
  schedule: ['psychologist', 'schedule'] as const,
  therapyTypes: ['psychologist', 'therapy-types'] as const,
  me: ['psychologist', 'me'] as const,
  doctor: (id: number) => ['psychologist', 'doctor', id] as const,
};
