import { Badge, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Quality } from '../call/quality';

const COLOR = { good: 'teal', fair: 'yellow', poor: 'red', unknown: 'gray' } as const;

/** Connection quality from getStats: round-trip time and packet loss, rated. */
export function QualityBadge({ quality }: { quality: Quality | null }) {
  const { t } = useTranslation();
  const level = quality?.level ?? 'unknown';
  const detail = t('video.quality.detail', {
    rtt: quality?.rttMs ?? '–',
    loss: quality?.lossPct ?? '–',
  });
  return (
    <Tooltip label={detail}>
      <Badge
        role="status"
        color={COLOR[level]}
        variant="filled"
        size="sm"
        aria-label={`${t(`video.quality.${level}`)}: ${detail}`}
      >
        {t(`video.quality.${level}`)}
      </Badge>
    </Tooltip>
  );
}
