import type { OnboardingValues } from './values';

const KEY = 'onboardingDraft';

export type Draft = { values: OnboardingValues; step: string };

/**
 * The wizard's entries survive the finish detour through /dashboard, a failed save and a reload.
 * Session storage: logout clears it, and it never outlives the tab.
 */
export function loadDraft(): Draft | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as Draft) : null;
  } catch {
    return null;
  }
}

export const saveDraft = (draft: Draft) => sessionStorage.setItem(KEY, JSON.stringify(draft));
export const clearDraft = () => sessionStorage.removeItem(KEY);
