import { Button, Table, Text, VisuallyHidden } from '@mantine/core';
import type { AdminAppointmentRow } from '@rozmova/contract';
import { IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AppointmentStatusBadge } from '../../../components/appointment-status-badge';
import { SessionTime } from '../../../components/session-time';
import { timeRange, useFormatDate } from '../../../lib/dates';
import { stickyActions, stickyName } from './sticky-cells';

type Props = { rows: AdminAppointmentRow[]; ended: boolean; onCancel?: (row: AdminAppointmentRow) => void };

/**
 * Appointments as a table; `ended`: all of them are past (the Past tab); `onCancel` offers cancelling the confirmed
 * ones, group sessions too (the page tells them apart by `kind`).
 */
export function AppointmentsTable({ rows, ended, onCancel }: Props) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('admin.appointments.date')}</Table.Th>
            <Table.Th>{t('admin.appointments.time')}</Table.Th>
            <Table.Th style={stickyName}>{t('admin.appointments.patient')}</Table.Th>
            <Table.Th>{t('admin.appointments.doctor')}</Table.Th>
            <Table.Th>{t('admin.appointments.status')}</Table.Th>
            <Table.Th>{t('admin.appointments.reason')}</Table.Th>
            {onCancel && (
              <Table.Th style={stickyActions}>
                <VisuallyHidden>{t('admin.actions')}</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((a) => {
            // A group session's row names its program where an individual one names the patient.
            const group = a.kind === 'GROUP' ? a.group : null;
            const patient = group ? t('groups.inList', { title: group.title }) : `${a.patientFirstName} ${a.patientLastName}`;
            return (
              <Table.Tr
                key={`${a.kind}-${a.id}`}
                aria-label={`${patient} ${formatDate(a.date)} ${timeRange(a.startTime, a.endTime)}`}
              >
                <Table.Td>{formatDate(a.date)}</Table.Td>
                <Table.Td>
                  <Text size="sm">
                    <SessionTime times={a} strong={false} />
                  </Text>
                </Table.Td>
                <Table.Td style={stickyName}>{patient}</Table.Td>
                <Table.Td>
                  {a.doctorFirstName} {a.doctorLastName}
                </Table.Td>
                <Table.Td>
                  <AppointmentStatusBadge status={a.status} ended={ended} />
                </Table.Td>
                <Table.Td maw={260}>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {a.cancellationReason ?? ''}
                  </Text>
                </Table.Td>
                {onCancel && (
                  <Table.Td style={stickyActions}>
                    {a.status === 'CONFIRMED' && (
                      <Button
                        size="compact-sm"
                        variant="light"
                        color="red"
                        leftSection={<IconX size={14} />}
                        onClick={() => onCancel(a)}
                      >
                        {t('admin.appointments.cancel')}
                      </Button>
                    )}
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
