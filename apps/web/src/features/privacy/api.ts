import type { DeletionAccepted } from '@rozmova/contract';
import { api } from '../../lib/api';

/** Downloads the signed-in person's archive (a ZIP) and hands it to the browser as a file. */
export async function downloadExport(): Promise<void> {
  const blob = await api<Blob>('/user/export', { responseType: 'blob' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `rozmova-data-${new Date().toISOString().slice(0, 10)}.zip`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export const requestDeletion = () => api<DeletionAccepted>('/user/deletion', { method: 'POST' });
