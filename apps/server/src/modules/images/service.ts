import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { findUserById, type UserRow } from '../users/repository.js';
import { avatarPath } from './avatar-url.js';
import { mayViewAvatar } from './policy.js';
import { type AvatarRow, findAvatar, upsertAvatar } from './repository.js';
import type { AvatarUpload } from './upload.js';

export async function saveAvatar(db: Db, user: UserRow, upload: AvatarUpload): Promise<{ avatarUrl: string }> {
  await upsertAvatar(db, user.id, upload.contentType, upload.data);
  return { avatarUrl: avatarPath(user.id) };
}

export async function getOwnAvatar(db: Db, user: UserRow): Promise<AvatarRow> {
  const avatar = await findAvatar(db, user.id);
  if (!avatar) throw notFound('Avatar');
  return avatar;
}

/** Someone's avatar, or 404 alike for a missing user, a missing avatar and one the viewer may not see. */
export async function getUserAvatar(db: Db, viewer: UserRow, ownerId: number): Promise<AvatarRow> {
  const owner = ownerId === viewer.id ? viewer : await findUserById(db, ownerId);
  if (!owner || !(await mayViewAvatar(db, viewer, owner))) throw notFound('Avatar');
  const avatar = await findAvatar(db, owner.id);
  if (!avatar) throw notFound('Avatar');
  return avatar;
}
