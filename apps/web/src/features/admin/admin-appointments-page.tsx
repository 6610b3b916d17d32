import { Stack, Tabs, Text, Title } from '@mantine/core';
import type { AdminAppointmentRow } from '@rozmova/contract';
import { IconCalendarClock, IconHistory } from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CancelAppointmentDialog, type CancelDialogKeys } from '../../components/cancel-appointment-dialog';
import { QueryView } from '../../components/query-view';
import { notify } from '../../lib/notify';
import { useErrorToast } from '../../lib/use-error-toast';
import { useNowAt } from '../../lib/use-now-at';
import { useAdminCancel, useAllAppointments } from './api/appointments';
import { AppointmentsTable } from './components/appointments-table';
import { useCancelGroupSessionPrompt } from './components/cancel-group-session';
import { Paging } from './components/paging';
import { pageOf, splitByNow } from './upcoming';

type Tab = 'upcoming' | 'past';

/** The admin's reason is required: both people will see it. */
const CANCEL_KEYS: CancelDialogKeys = {
  title: 'admin.appointments.cancelTitle',
  text: 'admin.appointments.cancelText',
  reason: 'admin.appointments.reason',
  required: 'admin.appointments.reasonRequired',
  keep: 'admin.appointments.keep',
  confirm: 'admin.appointments.confirmCancel',
  canceled: 'admin.appointments.canceled',
};

const cancelNames = (a: AdminAppointmentRow) => ({
  patient: `${a.patientFirstName} ${a.patientLastName}`,
  doctor: `${a.doctorFirstName} ${a.doctorLastName}`,
});

/** /admin/appointments: all appointments in Upcoming and Past, ten a page, and cancelling an upcoming one (group sessions too). */
export default function AdminAppointmentsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'past' ? 'past' : 'upcoming';
  const [pages, setPages] = useState<Record<Tab, number>>({ upcoming: 0, past: 0 });
  const [canceling, setCanceling] = useState<AdminAppointmentRow | null>(null);
  const query = useAllAppointments();
  const cancel = useAdminCancel();
  const askCancelGroup = useCancelGroupSessionPrompt();
  // An individual session is canceled with a reason both people see; a group session after a confirmation.
  const onCancel = (a: AdminAppointmentRow) => (a.group ? askCancelGroup(a, a.group.title) : setCanceling(a));
  useErrorToast(query.isError, t('admin.appointments.fetchError'));
  // A session moves to Past when it ends, without waiting for the next load.
  const ends = useMemo(() => (query.data ?? []).map((a) => Date.parse(a.endsAt)), [query.data]);
  const now = useNowAt(ends);

  const split = useMemo(() => splitByNow(query.data ?? [], now), [query.data, now]);

  const panel = (which: Tab): ReactNode => (
    <QueryView
      query={query}
      errorMessage={t('admin.appointments.fetchError')}
      isEmpty={() => split[which].length === 0}
      empty={t(`admin.appointments.empty.${which}`)}
    >
      {() => {
        const rows = split[which];
        const totalPages = Math.ceil(rows.length / 10);
        const page = Math.min(pages[which], totalPages - 1);
        return (
          <>
            <AppointmentsTable
              rows={pageOf(rows, page)}
              ended={which === 'past'}
              onCancel={which === 'upcoming' ? onCancel : undefined}
            />
            <Paging
              page={page}
              totalPages={totalPages}
              total={rows.length}
              onChange={(p) => setPages((s) => ({ ...s, [which]: p }))}
            />
          </>
        );
      }}
    </QueryView>
  );

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          {t('admin.appointments.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('admin.appointments.subtitle')}
        </Text>
      </div>
      <Tabs value={tab} onChange={(v) => setParams(v === 'past' ? { tab: 'past' } : {}, { replace: true })}>
        <Tabs.List mb="md">
          <Tabs.Tab value="upcoming" leftSection={<IconCalendarClock size={16} />}>
            {t('admin.appointments.upcoming')}
          </Tabs.Tab>
          <Tabs.Tab value="past" leftSection={<IconHistory size={16} />}>
            {t('admin.appointments.past')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="upcoming">{panel('upcoming')}</Tabs.Panel>
        <Tabs.Panel value="past">{panel('past')}</Tabs.Panel>
      </Tabs>
      <CancelAppointmentDialog
        appointment={canceling}
        onClose={() => setCanceling(null)}
        keys={CANCEL_KEYS}
        names={cancelNames}
        cancel={cancel}
        onError={() => notify.error(t('admin.appointments.cancelError'))}
      />
    </Stack>
  );
}
