/** Where a user's avatar is served, or null when they have none. */
export const avatarUrlFor = (userId: number, hasAvatar: boolean): string | null =>
  hasAvatar ? `/api/psychologist/profile/avatar/${userId}` : null;
