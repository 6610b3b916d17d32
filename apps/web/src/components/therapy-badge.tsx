import { Badge, type BadgeProps } from '@mantine/core';
import type { TherapyType } from '@rozmova/contract';
import { useTranslation } from 'react-i18next';

/** A therapy type's name as a badge that wraps onto a second line rather than being cut off on a phone. */
export function TherapyBadge({ code, ...props }: BadgeProps & { code: TherapyType }) {
  const { t } = useTranslation();
  return (
    <Badge
      variant="light"
      tt="none"
      maw="100%"
      h="auto"
      py={4}
      styles={{ label: { whiteSpace: 'normal', overflow: 'visible', textAlign: 'center' } }}
      {...props}
    >
      {t(`therapyTypes.${code}`)}
    </Badge>
  );
}
