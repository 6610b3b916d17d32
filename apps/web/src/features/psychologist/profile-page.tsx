import { Anchor, Card, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AvatarUpload } from '../../components/avatar-upload';
import { notify } from '../../lib/notify';
import { useMe } from './api/get-me';
import { useProfile } from './api/get-profile';
import { LoadError } from './components/load-error';
import { ProfileForm } from './components/profile-form';
import { ProfileSkeleton } from './components/profile-skeleton';

/** /doctor/profile: the psychologist edits their photo and professional profile. */
export default function ProfilePage() {
  const { t } = useTranslation();
  const profile = useProfile();
  const me = useMe();

  useEffect(() => {
    if (profile.isError) notify.error(t('psychologistProfile.errorMessage'));
  }, [profile.isError, t]);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>{t('psychologistProfile.title')}</Title>
          <Text c="dimmed" size="sm">
            {t('psychologistProfile.subtitle')}
          </Text>
        </div>
        {me.data && (
          <Anchor component={Link} to={`/doctor/profile/${me.data.id}`} size="sm">
            <Group gap={4} wrap="nowrap">
              {t('psychologistProfile.viewPublic')}
              <IconExternalLink size={14} />
            </Group>
          </Anchor>
        )}
      </Group>
      {profile.isPending ? (
        <ProfileSkeleton />
      ) : profile.isError ? (
        <LoadError message={t('psychologistProfile.errorMessage')} onRetry={() => void profile.refetch()} />
      ) : (
        <Card withBorder padding="lg">
          <Grid gap="xl">
            <Grid.Col span={{ base: 12, md: 3 }}>
              <AvatarUpload
                name={`${profile.data.firstName} ${profile.data.lastName}`.trim()}
                errorMessage={t('psychologistProfile.errorMessage')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 9 }}>
              <ProfileForm profile={profile.data} />
            </Grid.Col>
          </Grid>
        </Card>
      )}
    </Stack>
  );
}
