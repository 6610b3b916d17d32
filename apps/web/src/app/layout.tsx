import { AppShell, Box, Burger, Button, Container, Group, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconLogout, IconMessageCircleHeart, IconUserCircle } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { needTexts } from '../lib/i18n';
import { navItems, profilePath } from '../lib/nav-items';
import { useSession } from '../lib/session';
import { useLogout } from '../lib/use-logout';
import { FLOATING_MENU_SPACE, useFloatingMenuShown } from './floating-menu-shown';
import { LanguageSelect } from './language-select';
import { loadOverlays } from './overlays-loader';

// The phone menu loads on first opening, so no page waits for the drawer's code.
const NavDrawer = lazy(() => import('./nav-drawer'));
// Only psychologists see it, so nobody else downloads its menu code.
const FloatingMenu = lazy(() => import('./floating-menu'));
// Signed-in users only: the bell's code and texts stay out of the landing and sign-in pages.
const NotificationBell = lazy(() =>
  Promise.all([import('../features/notifications/components/notification-bell'), needTexts('app')]).then(([bell]) => bell),
);
/** Room the bell takes in the header, kept while its code loads so nothing beside it moves. */
const BELL_SIZE = 34;

/** Pages where the brand link leaves without asking. */
const OUTSIDE_CABINET = ['/', '/login'];
/** Pages that are themselves the way in: no header login button there. */
const SIGN_IN_PAGES = ['/login', '/auth-email'];

export function Layout() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const logout = useLogout();
  const [opened, { toggle, close }] = useDisclosure(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  const items = navItems(session);
  const signedIn = Boolean(session.token);
  const withFloatingMenu = useFloatingMenuShown();

  const goHome = () => {
    close();
    if (OUTSIDE_CABINET.includes(pathname)) return navigate('/');
    void loadOverlays().then(() =>
      modals.openConfirmModal({
        title: t('nav.leaveTitle'),
        children: <Text size="sm">{t('nav.leaveText')}</Text>,
        labels: { confirm: t('common.confirm'), cancel: t('common.cancel') },
        onConfirm: () => navigate('/'),
      }),
    );
  };

  const links = items.map((item) => (
    <Button
      key={item.to}
      component={NavLink}
      to={item.to}
      variant={pathname.startsWith(item.to) ? 'light' : 'subtle'}
      onClick={close}
    >
      {t(item.label)}
    </Button>
  ));
  const account = signedIn ? (
    <>
      {session.profileCompleted && (
        <Button
          component={NavLink}
          to={profilePath(session)}
          variant="light"
          leftSection={<IconUserCircle size={18} />}
          onClick={close}
        >
          {t('nav.profile')}
        </Button>
      )}
      <Button variant="default" leftSection={<IconLogout size={18} />} onClick={logout}>
        {t('nav.logout')}
      </Button>
    </>
  ) : SIGN_IN_PAGES.includes(pathname) ? null : (
    <Button component={NavLink} to="/login" onClick={close}>
      {t('nav.login')}
    </Button>
  );

  return (
    <AppShell header={{ height: 64 }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <UnstyledButton onClick={goHome} aria-label={t('nav.home')}>
            <Group gap={8} wrap="nowrap">
              <IconMessageCircleHeart size={28} color="var(--mantine-color-teal-5)" />
              <Text fw={700} size="lg">
                Rozmova
              </Text>
            </Group>
          </UnstyledButton>
          <Group gap="xs" visibleFrom="md" wrap="nowrap">
            {links}
          </Group>
          <Group gap="xs" wrap="nowrap">
            <LanguageSelect />
            {signedIn && session.profileCompleted && (
              <Suspense fallback={<Box w={BELL_SIZE} h={BELL_SIZE} />}>
                <NotificationBell />
              </Suspense>
            )}
            <Group gap="xs" visibleFrom="md" wrap="nowrap">
              {account}
            </Group>
            <Burger
              opened={opened}
              onClick={() => {
                setDrawerUsed(true);
                toggle();
              }}
              hiddenFrom="md"
              aria-label={t('nav.menu')}
            />
          </Group>
        </Group>
      </AppShell.Header>
      {drawerUsed && (
        <Suspense fallback={null}>
          <NavDrawer opened={opened} onClose={close}>
            {links}
            {account}
          </NavDrawer>
        </Suspense>
      )}
      <AppShell.Main pb={withFloatingMenu ? FLOATING_MENU_SPACE : undefined}>
        <Container size="lg" px={0}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </Container>
      </AppShell.Main>
      {withFloatingMenu && (
        <Suspense fallback={null}>
          <FloatingMenu />
        </Suspense>
      )}
    </AppShell>
  );
}
