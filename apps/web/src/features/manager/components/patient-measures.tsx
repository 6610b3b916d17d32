import { lazy, Suspense } from 'react';
import { LoadingSkeleton } from '../../../components/loading-skeleton';
import { useMeasures } from '../api/measures';

// The chart library comes with the panel, and only this dashboard and the psychologist's patient view load it.
const MeasuresPanel = lazy(() => import('../../../components/measures/measures-panel'));

/** The chosen patient's questionnaires: scores over time over the severity bands, and the latest answers. */
export function PatientMeasures({ patientId }: { patientId: number }) {
  const query = useMeasures(patientId);
  return (
    <Suspense fallback={<LoadingSkeleton height={220} />}>
      <MeasuresPanel query={query} />
    </Suspense>
  );
}
