import { Navigate } from 'react-router';
import { ComingSoon } from '../../components/coming-soon';
import { profilePath } from '../../lib/nav-items';
import { useSession } from '../../lib/session';

/** /profile: each role's own profile screen; a role without one (the moderator) stays here. */
export default function ProfilePage() {
  const target = profilePath(useSession());
  return target === '/profile' ? <ComingSoon titleKey="titles.profile" /> : <Navigate to={target} replace />;
}
