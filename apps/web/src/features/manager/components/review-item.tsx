import { Button, Card, Stack, Text } from '@mantine/core';
import { type DoctorReviewItem, REVIEW_PREVIEW_CHARS } from '@rozmova/contract';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RichTextView } from '../../../components/rich-text-view';
import { textPreview } from '../../../lib/text-preview';
import { useFormatInstant } from '../../../lib/zoned-time';

/** One review: a 100-character preview that opens to the whole sanitised note. */
export function ReviewItem({ review }: { review: DoctorReviewItem }) {
  const { t } = useTranslation();
  const formatInstant = useFormatInstant();
  const [open, setOpen] = useState(false);
  const preview = useMemo(() => textPreview(review.comment, REVIEW_PREVIEW_CHARS), [review.comment]);
  const bodyId = useId();
  // A note's date reads the same on every screen that shows notes (the records format).
  const date = formatInstant(review.date, 'stamp');
  return (
    <Card withBorder padding="sm" component="article" aria-label={t('manager.reviews.item', { date })}>
      <Stack gap={6}>
        <Text size="xs" c="dimmed">
          {date}
        </Text>
        <div id={bodyId}>
          {open || !preview.cut ? (
            <RichTextView html={review.comment} />
          ) : (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {preview.text}
            </Text>
          )}
        </div>
        {preview.cut && (
          <Button
            variant="subtle"
            size="compact-xs"
            w="fit-content"
            aria-expanded={open}
            aria-controls={bodyId}
            onClick={() => setOpen((o) => !o)}
          >
            {t(open ? 'manager.reviews.showLess' : 'manager.reviews.showMore')}
          </Button>
        )}
      </Stack>
    </Card>
  );
}
