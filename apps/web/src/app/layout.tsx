import { AppShell, Box, Burger, Button, Container, Group, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogout, IconMessageCircleHeart, IconUserCircle } from '@tabler/icons-react';
import { lazy, type MouseEvent, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { ByVisitor } from '../components/by-visitor';
import { PageLoader } from '../components/page-loader';
import { needTexts } from '../lib/i18n';
import { leavingEndsSomething } from '../lib/leave-guard';
import { navItems, profilePath } from '../lib/nav-items';
import { loadOverlays } from '../lib/overlays-loader';
import { hasRole, useSession } from '../lib/session';
import { useLogout } from '../lib/use-logout';
import {
  FLOATING_MENU_BAR,
  FLOATING_MENU_SIDE,
  FLOATING_MENU_SPACE,
  useFloatingMenuDocked,
  useFloatingMenuShown,
} from './floating-menu-shown';
import { LanguageSelect } from './language-select';

// The phone menu loads on first opening, so no page waits for the drawer's code.
const NavDrawer = lazy(() => import('./nav-drawer'));
// Only psychologists see it, so nobody else downloads its menu code (nor the report dialog it hosts for every screen).
const FloatingMenu = lazy(() => import('./floating-menu'));
// Signed-in users only: the bell's code and texts stay out of the landing and sign-in pages.
const NotificationBell = lazy(() =>
  Promise.all([import('../features/notifications/components/notification-bell'), needTexts('app')]).then(([bell]) => bell),
);
// Signed-in users only: settles the screen's language and zone with the account's after a sign-in.
const SignInCheck = lazy(() =>
  Promise.all([import('../features/profile/sign-in-check'), needTexts('app')]).then(([check]) => check),
);
// Patients and psychologists only: the messages' unread count, its code and texts kept out of the sign-in pages.
const MessagesLink = lazy(() =>
  Promise.all([import('../features/messages/components/messages-link'), needTexts('app')]).then(([link]) => link),
);
/** Room the bell takes in the header, kept while its code loads so nothing beside it moves. */
const BELL_SIZE = 34;

/** Pages where the brand link leaves without asking. */
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
  const menuDocked = useFloatingMenuDocked();

  // A link, so that it also works on the landing page, which runs no JavaScript. It asks only where leaving loses
  // something no other prompt guards: the call in progress (unsaved edits have their own question).
  const goHome = (event: MouseEvent) => {
    close();
    if (!leavingEndsSomething()) return;
    event.preventDefault();
    // The modals' code loads on first use: the landing and sign-in pages never need it.
    void Promise.all([import('@mantine/modals'), loadOverlays()]).then(([{ modals }]) =>
      modals.openConfirmModal({
        title: t('nav.leaveTitle'),
        children: <Text size="sm">{t('nav.leaveText')}</Text>,
        labels: { confirm: t('nav.leaveConfirm'), cancel: t('nav.leaveCancel') },
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
      // Narrower than a button's own padding: a psychologist's four items and the account buttons fit from 992 px.
      px="sm"
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
  ) : null;
  // A guest has nothing in the phone menu but this button, so it stays in the header at every width, and no burger.
  const guestButton = SIGN_IN_PAGES.includes(pathname) ? null : (
    <ByVisitor
      guest={
        <Button component={Link} to="/login">
          {t('nav.login')}
        </Button>
      }
      member={
        <Button component={Link} to="/dashboard">
          {t('landing.enterOffice')}
        </Button>
      }
    />
  );

  return (
    <AppShell
      header={{ height: 64 }}
      footer={withFloatingMenu && menuDocked ? { height: FLOATING_MENU_BAR } : undefined}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <UnstyledButton component={Link} to="/" onClick={goHome} aria-label={t('nav.home')}>
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
            {signedIn && (
              <Suspense fallback={null}>
                <SignInCheck />
              </Suspense>
            )}
            {signedIn && session.profileCompleted && (hasRole(session, 'PATIENT') || hasRole(session, 'PSYCHOLOGIST')) && (
              <Suspense fallback={<Box w={BELL_SIZE} h={BELL_SIZE} />}>
                <MessagesLink />
              </Suspense>
            )}
            {signedIn && session.profileCompleted && (
              <Suspense fallback={<Box w={BELL_SIZE} h={BELL_SIZE} />}>
                <NotificationBell />
              </Suspense>
            )}
            {signedIn ? (
              <>
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
              </>
            ) : (
              guestButton
            )}
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
      {/* Room for the floating button, below the page and beside it, so it covers no slot or field while scrolling. */}
      <AppShell.Main
        pb={withFloatingMenu && !menuDocked ? FLOATING_MENU_SPACE : undefined}
        style={withFloatingMenu && !menuDocked ? { paddingRight: FLOATING_MENU_SIDE } : undefined}
      >
        <Container size="lg" px={0}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </Container>
      </AppShell.Main>
      {signedIn && session.profileCompleted && hasRole(session, 'PSYCHOLOGIST') && (
        <Suspense fallback={null}>
          <FloatingMenu docked={menuDocked} shown={withFloatingMenu} />
        </Suspense>
      )}
    </AppShell>
  );
}
