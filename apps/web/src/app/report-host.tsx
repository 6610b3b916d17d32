import { lazy, Suspense, useEffect, useState } from 'react';
import { useOpener } from '../lib/focus-return';
import { takeReportRequests } from '../lib/report-opener';

// The dialog and its editor load on first use.
const ReportDialog = lazy(() => import('../features/reports/components/report-dialog'));

/** The one report dialog of a psychologist's screens, opened through lib/report-opener.ts. */
export default function ReportHost() {
  const [state, setState] = useState<{ opened: boolean; patientId?: number } | null>(null);
  const opener = useOpener();

  useEffect(
    () =>
      takeReportRequests((request) => {
        opener.keep(request.opener);
        setState({ opened: true, patientId: request.patientId });
      }),
    [opener],
  );

  if (!state) return null;
  return (
    // Stays mounted once used, so it closes with its transition.
    <Suspense fallback={null}>
      <ReportDialog
        opened={state.opened}
        patientId={state.patientId}
        onClose={() => {
          setState((s) => s && { ...s, opened: false });
          opener.giveBack();
        }}
      />
    </Suspense>
  );
}
