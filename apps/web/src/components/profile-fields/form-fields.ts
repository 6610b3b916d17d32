import type { GetInputPropsReturnType } from '@mantine/form';

/**
 * What a field group needs of a Mantine form: the input props of its own fields. The profile forms and the onboarding
 * wizard hold different values, and each group reads only the fields it names.
 */
export type FormFields<K extends string> = { getInputProps: (path: K) => GetInputPropsReturnType };
