/** Where a user's avatar is served: one path for psychologists and patients alike. */
export const avatarPath = (userId: number) => `/api/psychologist/profile/avatar/${userId}`;
