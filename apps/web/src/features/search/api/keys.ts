import type { DoctorSearchBody } from '@rozmova/contract';

export const searchKeys = {
  doctors: () => ['search', 'doctors'] as const,
  results: (body: DoctorSearchBody) => ['search', 'doctors', body] as const,
  info: (id: number) => ['search', 'doctor-info', id] as const,
};
