import { Card, Text, ThemeIcon, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

type Props = { icon: Icon; title: string; text: string; color?: string };

export function FeatureCard({ icon: IconComponent, title, text, color = 'teal' }: Props) {
  return (
    <Card withBorder radius="lg" p="lg" h="100%">
      <ThemeIcon size={44} radius="md" variant="light" color={color} mb="md" aria-hidden>
        <IconComponent size={24} />
      </ThemeIcon>
      <Title order={3} size="h4" mb={6}>
        {title}
      </Title>
      <Text c="dimmed" size="sm" lh={1.6}>
        {text}
      </Text>
    </Card>
  );
}
