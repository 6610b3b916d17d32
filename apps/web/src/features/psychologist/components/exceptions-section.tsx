import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { todayIso } from '../../../lib/dates';
import { useMe } from '../../../lib/me';
import { useViewerToday } from '../../../lib/zoned-time';
import { BlockDatesForm } from './block-dates-form';
import { ExceptionList } from './exception-list';
import { ExtraSlotForm } from './extra-slot-form';

/** Days off and one-off slots beside the weekly schedule: two forms and the list of current ones. */
export function ExceptionsSection() {
  const { t } = useTranslation();
  const titleId = useId();
  const zone = useMe().data?.timeZone;
  // The server counts the psychologist's dates on their own clock; the browser's is the best guess until it is known.
  const today = useViewerToday() ?? todayIso();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id={titleId}>
            {t('scheduleExceptions.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('scheduleExceptions.subtitle')}
          </Text>
          {zone ? (
            <Text c="dimmed" size="xs" mt={4}>
              {t('scheduleExceptions.zoneNote', { zone })}
            </Text>
          ) : null}
        </div>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <BlockDatesForm today={today} />
          <ExtraSlotForm today={today} />
        </SimpleGrid>
        <ExceptionList />
      </Stack>
    </Card>
  );
}
