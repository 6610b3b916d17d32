import type { ViewerContext } from '../../access/context.js';
import { avatarPath } from '../../lib/avatar-url.js';
import { notFound } from '../../lib/errors.js';
import { type AvatarRow, findAvatar, findVisibleAvatar, upsertAvatar } from './repository.js';
import type { AvatarUpload } from './upload.js';

export type { AvatarRow };

export async function saveAvatar(ctx: ViewerContext, upload: AvatarUpload): Promise<{ avatarUrl: string }> {
  await upsertAvatar(ctx.db, ctx.user.id, upload.contentType, upload.data, ctx.clock.instant());
  return { avatarUrl: avatarPath(ctx.user.id) };
}

export async function getOwnAvatar(ctx: ViewerContext): Promise<AvatarRow> {
  const avatar = await findAvatar(ctx.db, ctx.user.id);
  if (!avatar) throw notFound('Avatar');
  return avatar;
}

/** Someone's avatar, or 404 alike for a missing user, a missing avatar and one the viewer may not see. */
export async function getUserAvatar(ctx: ViewerContext, input: { id: number }): Promise<AvatarRow> {
  const avatar = await findVisibleAvatar(ctx.db, ctx.user, input.id);
  if (!avatar) throw notFound('Avatar');
  return avatar;
}
