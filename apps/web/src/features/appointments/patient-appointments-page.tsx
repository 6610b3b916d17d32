import { Divider, Stack } from '@mantine/core';
import { AppointmentsScreen } from './components/appointments-screen';
import { PatientNotes } from './components/patient-notes';

/** /patient/appointments, with the notes psychologists shared under the appointments. */
export default function PatientAppointmentsPage() {
  return (
    <Stack gap="xl">
      <AppointmentsScreen side="patient" />
      <Divider />
      <PatientNotes />
    </Stack>
  );
}
