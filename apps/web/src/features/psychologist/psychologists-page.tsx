import { Avatar, Button, Card, EmptyState, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { PublicPsychologist } from '@rozmova/contract';
import { IconUserSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '../../components/load-error';
import { TherapyBadge } from '../../components/therapy-badge';
import { languageName } from '../../lib/work-languages';
import { usePublicDoctors } from './api/get-doctor';

/**
 * /psychologists: the verified psychologists, for anyone, signed in or not; each opens their profile, where booking
 * asks a visitor to sign in.
 */
export default function PsychologistsPage() {
  const { t } = useTranslation();
  const list = usePublicDoctors();
  const people = list.data?.pages.flatMap((p) => p.content) ?? [];

  let body: ReactNode;
  if (list.isPending) {
    body = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} role="status" aria-label={t('common.loading')}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={180} radius="md" />
        ))}
      </SimpleGrid>
    );
  } else if (!list.data) {
    body = <LoadError message={t('publicPsychologists.loadError')} onRetry={() => void list.refetch()} />;
  } else if (people.length === 0) {
    body = (
      <EmptyState
        py="xl"
        icon={<IconUserSearch size={32} />}
        withIndicatorBackground
        title={t('publicPsychologists.empty')}
        description={t('publicPsychologists.emptyHint')}
      />
    );
  } else {
    body = (
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {people.map((p) => (
            <PsychologistCard key={p.id} psychologist={p} />
          ))}
        </SimpleGrid>
        {list.hasNextPage && (
          <Button
            variant="default"
            onClick={() => void list.fetchNextPage()}
            loading={list.isFetchingNextPage}
            style={{ alignSelf: 'center' }}
          >
            {t('publicPsychologists.more')}
          </Button>
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          {t('publicPsychologists.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('publicPsychologists.subtitle')}
        </Text>
      </div>
      {body}
    </Stack>
  );
}

function PsychologistCard({ psychologist: p }: { psychologist: PublicPsychologist }) {
  const { t, i18n } = useTranslation();
  const name = `${p.firstName} ${p.lastName}`.trim();
  return (
    <Card component="li" withBorder padding="lg" aria-label={name}>
      <Stack gap="sm" h="100%">
        <Group gap="sm" wrap="nowrap">
          <Avatar name={name} color="initials" size={48} radius={48} alt="" />
          <Stack gap={0} miw={0}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Text>
            {p.experience !== null && (
              <Text size="sm" c="dimmed">
                {t('publicPsychologists.experience', { count: p.experience })}
              </Text>
            )}
          </Stack>
        </Group>
        {p.therapyTypes.length > 0 && (
          <Group gap={6}>
            {p.therapyTypes.map((code) => (
              <TherapyBadge key={code} code={code} />
            ))}
          </Group>
        )}
        {p.specialties && (
          <Text size="sm" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
            {p.specialties}
          </Text>
        )}
        {p.languages.length > 0 && (
          <Text size="sm" c="dimmed">
            {p.languages.map((code) => languageName(code, i18n.language)).join(', ')}
          </Text>
        )}
        <Button
          component={Link}
          to={`/doctor/profile/${p.id}`}
          variant="light"
          mt="auto"
          aria-label={t('publicPsychologists.viewNamed', { name })}
        >
          {t('publicPsychologists.view')}
        </Button>
      </Stack>
    </Card>
  );
}
