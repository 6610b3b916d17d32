import { Card, Grid } from '@mantine/core';
import type { ReactNode } from 'react';
import { AvatarUpload } from './avatar-upload';

type Props = { firstName: string; lastName: string; hasAvatar: boolean; errorMessage: string; children: ReactNode };

/** The own-profile screen's card: the photo with its picker beside the profile form. */
export function ProfileCard({ firstName, lastName, hasAvatar, errorMessage, children }: Props) {
  return (
    <Card withBorder padding="lg">
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <AvatarUpload name={`${firstName} ${lastName}`.trim()} hasAvatar={hasAvatar} errorMessage={errorMessage} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>{children}</Grid.Col>
      </Grid>
    </Card>
  );
}
