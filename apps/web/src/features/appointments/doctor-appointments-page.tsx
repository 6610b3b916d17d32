import { AppointmentsScreen } from './components/appointments-screen';

/** /doctor/appointments */
export default function DoctorAppointmentsPage() {
  return <AppointmentsScreen side="doctor" />;
}
