import { Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDoctorReviews } from '../api/doctor-reviews';
import { ReviewItem } from './review-item';
import { SubList } from './sub-list';

/** What psychologists wrote about the patient for managers, under each psychologist's name. */
export function DoctorReviews({ patientId }: { patientId: number }) {
  const { t } = useTranslation();
  const query = useDoctorReviews(patientId);
  return (
    <SubList query={query} title={t('manager.reviews.title')} emptyText={t('manager.reviews.empty')}>
      {(groups) =>
        groups.map((g) => (
          <Stack key={g.doctorId} gap="xs" component="section" aria-label={`${g.doctorFirstName} ${g.doctorLastName}`}>
            <Text fw={700}>
              <Anchor component={Link} to={`/doctor/profile/${g.doctorId}`} inherit>
                {g.doctorFirstName} {g.doctorLastName}
              </Anchor>
            </Text>
            {g.reviews.map((r) => (
              <ReviewItem key={r.id} review={r} />
            ))}
          </Stack>
        ))
      }
    </SubList>
  );
}
