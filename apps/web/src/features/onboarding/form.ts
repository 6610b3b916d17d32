import type { UseFormReturnType } from '@mantine/form';
import type { OnboardingValues } from './values';

export type OnboardingForm = UseFormReturnType<OnboardingValues>;
