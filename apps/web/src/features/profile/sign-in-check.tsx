import { Text } from '@mantine/core';
import type { Locale } from '@rozmova/contract/constants';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { saveAccountLanguage, setLocale } from '../../lib/locale';
import { useMe, useSetTimeZone } from '../../lib/me';
import { loadOverlays } from '../../lib/overlays-loader';
import { getSession, hasRole, SIGN_IN_CHECK_KEY } from '../../lib/session';
import { browserTimeZone, sameZone } from '../../lib/time-zones';
import { zoneCity } from '../../lib/zoned-time';

/**
 * After a sign-in: the screen takes the account's language (the same on every device), or, for an account not yet
 * onboarded, gives it the language the visitor chose. An account that never had a zone (staff made without onboarding) takes this device's at once; one
 * whose zone differs from this device's is asked whether to switch. Either way once per sign-in.
 */
export default function SignInCheck() {
  const { t, i18n } = useTranslation();
  const me = useMe();
  const save = useSetTimeZone();
  const done = useRef(false);

  useEffect(() => {
    if (done.current || !me.data || localStorage.getItem(SIGN_IN_CHECK_KEY) !== 'due') return;
    done.current = true;
    localStorage.removeItem(SIGN_IN_CHECK_KEY);
    const screen = i18n.language;
    if (!getSession().profileCompleted) {
      if (screen !== me.data.language) void saveAccountLanguage(screen as Locale);
    } else if (screen !== me.data.language) void setLocale(me.data.language);
    const device = browserTimeZone();
    if (!device) return;
    // A psychologist's weekly hours are read on their zone's clock: moving them is asked, never done unseen.
    if (!me.data.timeZoneSet && !hasRole(getSession(), 'PSYCHOLOGIST')) {
      save.mutate({ timeZone: device });
      return;
    }
    if (sameZone(device, me.data.timeZone)) return;
    const current = me.data.timeZone;
    void Promise.all([import('@mantine/modals'), loadOverlays()]).then(([{ modals }]) =>
      modals.openConfirmModal({
        title: t('timeZone.askTitle'),
        children: <Text size="sm">{t('timeZone.askText', { device: zoneCity(device), account: zoneCity(current) })}</Text>,
        labels: {
          confirm: t('timeZone.askSwitch', { zone: zoneCity(device) }),
          cancel: t('timeZone.askKeep', { zone: zoneCity(current) }),
        },
        onConfirm: () => save.mutate({ timeZone: device }),
      }),
    );
  }, [me.data, save, t, i18n]);

  return null;
}
