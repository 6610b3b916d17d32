import type { VerificationDocuments } from '@rozmova/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { adminKeys } from './keys';

/** A psychologist's verification documents and where their check stands. */
export const adminDocumentsQuery = (userId: number) =>
  queryOptions({
    queryKey: adminKeys.documents(userId),
    queryFn: () => api<VerificationDocuments>(`/admin/users/${userId}/documents`),
  });
export const useAdminDocuments = (userId: number, enabled: boolean) => useQuery({ ...adminDocumentsQuery(userId), enabled });

/** One document's file; every call is a read on the audit trail. */
export const fetchAdminDocumentFile = (id: number) => api<Blob>(`/admin/documents/${id}/file`, { responseType: 'blob' });
