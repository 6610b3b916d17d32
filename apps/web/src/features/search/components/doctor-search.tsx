import { THERAPY_TYPES } from '@rozmova/contract';
import { useState } from 'react';
import { BookConfirmModal, type Booking } from '../../../components/book-confirm-modal';
import { useDoctorSearch } from '../api/search-doctors';
import { defaultRange } from '../search-range';
import { DoctorInfoModal } from './doctor-info-modal';
import { type SearchDraft, SearchForm } from './search-form';
import { SearchResults } from './search-results';

/** The form, its results and the booking and info dialogs; `today` is the viewer's, in their saved zone. */
export function DoctorSearch({ today }: { today: string }) {
  const [draft, setDraft] = useState<SearchDraft>(() => ({
    ...defaultRange(today),
    therapyTypes: [...THERAPY_TYPES],
    languages: [],
  }));
  // The defaults are searched at once, so the patient sees who is free today and tomorrow.
  const [submitted, setSubmitted] = useState(draft);
  const results = useDoctorSearch(submitted);
  const [booking, setBooking] = useState<Booking | null>(null);
  const [infoId, setInfoId] = useState<number | null>(null);

  return (
    <>
      <SearchForm
        value={draft}
        today={today}
        onChange={setDraft}
        onSubmit={() => {
          // The same search again still means "show me what is free now".
          if (JSON.stringify(draft) === JSON.stringify(submitted)) void results.refetch();
          else setSubmitted(draft);
        }}
        searching={results.isFetching}
      />
      <SearchResults
        query={results}
        search={submitted}
        onInfo={(doctor) => setInfoId(doctor.id)}
        onBook={(doctor, slot) => setBooking({ doctor, slot })}
      />
      <BookConfirmModal booking={booking} onClose={() => setBooking(null)} />
      <DoctorInfoModal doctorId={infoId} onClose={() => setInfoId(null)} />
    </>
  );
}
