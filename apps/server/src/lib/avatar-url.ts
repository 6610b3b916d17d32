/** Where a user's avatar is served: one path for psychologists and patients alike. */
export const avatarPath = (userId: number) => `/api/psychologist/profile/avatar/${userId}`;

/** The avatar path, or null when the user has none. */
export const avatarUrlFor = (userId: number, hasAvatar: boolean): string | null => (hasAvatar ? avatarPath(userId) : null);
