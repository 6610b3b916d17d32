import { Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { loadOverlays } from '../../app/overlays-loader';
import { useMe, useSetTimeZone } from '../../lib/me';
import { getSession, hasRole, ZONE_CHECK_KEY } from '../../lib/session';
import { browserTimeZone, sameZone } from '../../lib/time-zones';
import { zoneCity } from '../../lib/zoned-time';

/**
 * After a sign-in: an account that never had a zone (staff made without onboarding) takes this device's at once; one
 * whose zone differs from this device's is asked whether to switch. Either way once per sign-in.
 */
export default function ZoneCheck() {
  const { t } = useTranslation();
  const me = useMe();
  const save = useSetTimeZone();
  const done = useRef(false);

  useEffect(() => {
    if (done.current || !me.data || localStorage.getItem(ZONE_CHECK_KEY) !== 'due') return;
    done.current = true;
    localStorage.removeItem(ZONE_CHECK_KEY);
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
  }, [me.data, save, t]);

  return null;
}
