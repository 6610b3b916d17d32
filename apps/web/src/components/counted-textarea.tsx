import { Group, Text, Textarea, type TextareaProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A long text field that shows its limit and a live character count under the input ("120 / 5000"). */
export function CountedTextarea({
  max,
  value,
  description,
  ...props
}: TextareaProps & { max: number; value?: string; description?: ReactNode }) {
  const { t } = useTranslation();
  const count = (value ?? '').length;
  const over = count > max;
  return (
    <Textarea
      {...props}
      value={value}
      description={description}
      inputWrapperOrder={['label', 'description', 'input', 'error']}
      inputContainer={(input) => (
        <>
          {input}
          <Group justify="flex-end" mt={4}>
            <Text size="xs" c={over ? 'red.4' : 'dimmed'} fw={over ? 600 : undefined} data-testid="char-count">
              {t('common.charCount', { count, max })}
            </Text>
          </Group>
        </>
      )}
    />
  );
}
