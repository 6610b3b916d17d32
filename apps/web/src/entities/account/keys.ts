/** The signed-in account's cache keys, whatever its role. */
export const accountKeys = {
  mfa: () => ['security', 'mfa'] as const,
  notificationPreferences: () => ['notification-preferences'] as const,
};
