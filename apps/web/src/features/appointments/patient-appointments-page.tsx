import { AppointmentsScreen } from './components/appointments-screen';

/** /patient/appointments */
export default function PatientAppointmentsPage() {
  return <AppointmentsScreen side="patient" />;
}
