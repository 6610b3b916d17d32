import { Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type Props = { title: string; subtitle?: string; children: ReactNode; footer?: ReactNode };

/** The centred card every sign-in screen sits in. */
export function AuthCard({ title, subtitle, children, footer }: Props) {
  return (
    <Center mih="calc(100dvh - 64px - 2 * var(--mantine-spacing-md))" py="xl">
      <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={460}>
        <Stack gap="lg">
          <Stack gap={6} align="center" ta="center">
            <ThemeIcon size={48} radius="xl" variant="light">
              <IconShieldLock size={26} />
            </ThemeIcon>
            <Title order={1} size="h2">
              {title}
            </Title>
            {subtitle && (
              <Text c="dimmed" size="sm">
                {subtitle}
              </Text>
            )}
          </Stack>
          {children}
          {footer}
        </Stack>
      </Paper>
    </Center>
  );
}
