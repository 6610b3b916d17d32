import { Stack, Text, Title } from '@mantine/core';
import { THERAPY_TYPES } from '@rozmova/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDoctorSearch } from './api/search-doctors';
import { BookConfirmModal, type Booking } from './components/book-confirm-modal';
import { DoctorInfoModal } from './components/doctor-info-modal';
import { type SearchDraft, SearchForm } from './components/search-form';
import { SearchResults } from './components/search-results';
import { defaultRange } from './search-range';

const initialDraft = (): SearchDraft => ({ ...defaultRange(), therapyTypes: [...THERAPY_TYPES] });

/** /patient/doctors: find psychologists with free slots and book one. */
export default function DoctorsPage() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(initialDraft);
  // The defaults are searched at once, so the patient sees who is free today and tomorrow.
  const [submitted, setSubmitted] = useState(draft);
  const results = useDoctorSearch(submitted);
  const [booking, setBooking] = useState<Booking | null>(null);
  const [infoId, setInfoId] = useState<number | null>(null);

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          {t('doctorSearch.title')}
        </Title>
        <Text c="dimmed">{t('doctorSearch.subtitle')}</Text>
      </div>
      <SearchForm
        value={draft}
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
        onInfo={(doctor) => setInfoId(doctor.id)}
        onBook={(doctor, slot) => setBooking({ doctor, slot })}
      />
      <BookConfirmModal booking={booking} onClose={() => setBooking(null)} />
      <DoctorInfoModal doctorId={infoId} onClose={() => setInfoId(null)} />
    </Stack>
  );
}
