import { Alert, Button, Center, EmptyState, Loader, Stack, Text } from '@mantine/core';
import type { AppointmentListItem, AppointmentTab } from '@rozmova/contract';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AppointmentSide } from '../../../entities/appointment/keys';
import { groupByDate, useFormatDate } from '../../../lib/dates';
import { useNowAt } from '../../../lib/use-now-at';
import { useAppointments } from '../api/appointments';
import { stillToCome } from '../still-to-come';
import { AppointmentCard, type CardActions } from './appointment-card';
import { GroupSessionCard } from './group-session-card';

type Props = CardActions & {
  side: AppointmentSide;
  tab: AppointmentTab;
  /** Patient only: skip one session of a group they are in. */
  onSkip?: (appointment: AppointmentListItem) => void;
};

/**
 * One tab: loading, error with retry, empty, or the appointments under a heading per date. Active holds only what is
 * still to come; a session canceled, missed or ended goes to the archive.
 */
export function AppointmentList({ side, tab, onSkip, ...actions }: Props) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const query = useAppointments(side, tab);
  const active = tab === 'active';
  // The active list re-reads the time as each session ends, so that one leaves for the archive then.
  const now = useNowAt(active && query.data ? query.data.map((a) => Date.parse(a.endsAt)) : []);

  if (query.isPending) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" variant="light" title={t('appointments.fetchError')}>
        <Button size="xs" variant="light" color="red" mt="xs" onClick={() => void query.refetch()}>
          {t('common.retry')}
        </Button>
      </Alert>
    );
  }
  const items = active ? stillToCome(query.data, now) : query.data;
  if (items.length === 0) {
    const findLink = side === 'patient' && active;
    return (
      <EmptyState
        py="xl"
        icon={<IconCalendarEvent size={32} />}
        withIndicatorBackground
        title={t(`appointments.empty.${tab}`)}
        description={t(`appointments.emptyHint.${side}.${tab}`)}
      >
        {findLink && (
          <EmptyState.Actions>
            <Button component={Link} to="/patient/doctors">
              {t('appointments.findDoctor')}
            </Button>
          </EmptyState.Actions>
        )}
      </EmptyState>
    );
  }
  return (
    <Stack gap="lg">
      {groupByDate(items).map(({ date, items }) => (
        <Stack key={date} gap="xs" component="section" aria-label={formatDate(date)}>
          <Text component="h3" fw={700} size="lg" m={0}>
            {formatDate(date)}
          </Text>
          {/* An appointment and a group session may share an id: the kind tells them apart. */}
          {items.map((a) =>
            a.kind === 'GROUP' && side === 'patient' && onSkip ? (
              <GroupSessionCard key={`GROUP-${a.id}`} appointment={a} tab={tab} onSkip={onSkip} />
            ) : (
              <AppointmentCard key={`${a.kind}-${a.id}`} appointment={a} side={side} tab={tab} {...actions} />
            ),
          )}
        </Stack>
      ))}
    </Stack>
  );
}
