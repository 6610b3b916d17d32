import type { DocumentKind, VerificationDocument, VerificationDocuments } from '@rozmova/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { psychologistKeys } from './keys';
import { profileQuery } from './profile';

/**
 * The signed-in psychologist's verification documents and where the check stands. Here rather than in a feature: the
 * dashboard (right after onboarding) and the profile screen both show them.
 */
export const documentsQuery = queryOptions({
  queryKey: psychologistKeys.documents(),
  queryFn: () => api<VerificationDocuments>('/psychologist/documents'),
});
export const useOwnDocuments = (enabled = true) => useQuery({ ...documentsQuery, enabled });

export const uploadDocument = ({ kind, file }: { kind: DocumentKind; file: File }) => {
  const body = new FormData();
  body.append('kind', kind);
  body.append('file', file, file.name);
  return api<VerificationDocument>('/psychologist/documents', { method: 'POST', rawBody: body });
};
export const deleteDocument = (id: number) => api<void>(`/psychologist/documents/${id}`, { method: 'DELETE' });
/** An own document's file, to look at what was sent. */
export const fetchOwnDocumentFile = (id: number) => api<Blob>(`/psychologist/documents/${id}/file`, { responseType: 'blob' });

/** A change to the documents may change the state (a new one after a rejection is pending again): both are asked again. */
function useDocumentsChange<Input, Output>(fn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: documentsQuery.queryKey }),
        queryClient.invalidateQueries({ queryKey: profileQuery.queryKey }),
      ]),
  });
}
export const useUploadDocument = () => useDocumentsChange(uploadDocument);
export const useDeleteDocument = () => useDocumentsChange(deleteDocument);
