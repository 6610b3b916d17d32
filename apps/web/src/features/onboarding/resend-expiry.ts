/** The onboarding resend countdown's end, kept per e-mail so a reload does not restart or skip it. */
const key = (email: string) => `onboardingResendAt:${email.trim().toLowerCase()}`;

export function resendExpiry(email: string): number | null {
  const at = Number(localStorage.getItem(key(email)));
  return at > Date.now() ? at : null;
}

export const storeResendExpiry = (email: string, at: number) => localStorage.setItem(key(email), String(at));
