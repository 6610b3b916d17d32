import type { DoctorReview } from '@rozmova/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const fetchDoctorReviews = (patientId: number) => api<DoctorReview[]>(`/manager/doctor-reviews/${patientId}`);

/** The notes psychologists shared with managers about this patient, grouped by psychologist. */
export const doctorReviewsQuery = (patientId: number) =>
  queryOptions({ queryKey: ['manager', 'doctor-reviews', patientId], queryFn: () => fetchDoctorReviews(patientId) });

export const useDoctorReviews = (patientId: number) => useQuery(doctorReviewsQuery(patientId));
