import { Stack } from '@mantine/core';
import { Navigate } from 'react-router';
import { ComingSoon } from '../../components/coming-soon';
import { NotificationPreferencesCard } from '../../components/notification-preferences-card';
import { profilePath } from '../../lib/nav-items';
import { useSession } from '../../lib/session';

/**
 * /profile: each role's own profile screen; a role without one (the moderator) stays here, where only which mails
 * they get can be set so far.
 */
export default function ProfilePage() {
  const target = profilePath(useSession());
  if (target !== '/profile') return <Navigate to={target} replace />;
  return (
    <Stack gap="lg">
      <ComingSoon titleKey="titles.profile" />
      <NotificationPreferencesCard />
    </Stack>
  );
}
