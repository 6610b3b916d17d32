import { audit } from '../../access/audit.js';
import type { ViewerContext } from '../../access/context.js';
import { exportArchive } from './export-service.js';

/** The person's archive, its making audited. */
export async function exportData(ctx: ViewerContext): Promise<{ fileName: string; data: Buffer }> {
  const file = await exportArchive(ctx);
  await audit(ctx, ctx.db, [{ action: 'DATA_EXPORT', subjectId: ctx.user.id }]);
  return file;
}
