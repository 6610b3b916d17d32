import { Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

/** The frame both exception forms share: a titled card that is a form, submitted by Enter or its button. */
export function ExceptionFormCard(props: { title: string; hint: string; onSubmit: () => void; children: ReactNode }) {
  const titleId = useId();
  return (
    <Paper
      withBorder
      p="md"
      component="form"
      aria-labelledby={titleId}
      onSubmit={(e) => {
        e.preventDefault();
        props.onSubmit();
      }}
    >
      <Stack gap="sm">
        <div>
          <Title order={3} size="h5" id={titleId}>
            {props.title}
          </Title>
          <Text size="xs" c="dimmed">
            {props.hint}
          </Text>
        </div>
        {props.children}
      </Stack>
    </Paper>
  );
}
