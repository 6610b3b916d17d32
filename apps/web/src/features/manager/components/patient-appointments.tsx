import { useTranslation } from 'react-i18next';
import { usePatientAppointments } from '../api/appointments';
import { AppointmentRows } from './appointment-rows';
import { SubList } from './sub-list';

/** All of the chosen patient's appointments, soonest first. */
export function PatientAppointments({ patientId }: { patientId: number }) {
  const { t } = useTranslation();
  const query = usePatientAppointments(patientId);
  const emptyText = t('manager.dashboard.noAppointments');
  return (
    <SubList query={query} title={t('manager.dashboard.appointments')} emptyText={emptyText}>
      {(items) => <AppointmentRows appointments={items} withPatient={false} emptyTitle={emptyText} />}
    </SubList>
  );
}
