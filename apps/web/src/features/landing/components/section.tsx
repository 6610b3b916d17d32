import { Box, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type Props = { id: string; eyebrow: string; title: string; lead?: string; children: ReactNode };

/** One landing section: an anchor target with a heading block above its content. */
export function Section({ id, eyebrow, title, lead, children }: Props) {
  return (
    <Box component="section" id={id} aria-labelledby={`${id}-title`} py={{ base: 40, md: 56 }} style={{ scrollMarginTop: 80 }}>
      <Stack gap="xl">
        <Stack gap="xs" maw={720}>
          <Text c="teal.4" fw={700} tt="uppercase" size="sm" style={{ letterSpacing: 1 }}>
            {eyebrow}
          </Text>
          <Title order={2} id={`${id}-title`} fz={{ base: 28, md: 36 }}>
            {title}
          </Title>
          {lead && (
            <Text c="dimmed" size="lg">
              {lead}
            </Text>
          )}
        </Stack>
        {children}
      </Stack>
    </Box>
  );
}
