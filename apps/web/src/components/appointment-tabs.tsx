import { Tabs } from '@mantine/core';
import type { AppointmentTab } from '@rozmova/contract';
import { IconArchive, IconCalendarClock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

const TABS: AppointmentTab[] = ['active', 'archived'];

/**
 * The Active / Archived tabs of an appointments screen, the chosen one kept in the address (`?tab=archived`) so a
 * reload or a shared link opens it. Only the shown panel is mounted, so each list loads when first opened.
 */
export function AppointmentTabs({ children }: { children: (tab: AppointmentTab) => ReactNode }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: AppointmentTab = params.get('tab') === 'archived' ? 'archived' : 'active';
  return (
    <Tabs
      value={tab}
      keepMounted={false}
      onChange={(v) => setParams(v === 'archived' ? { tab: 'archived' } : {}, { replace: true })}
    >
      <Tabs.List mb="md">
        <Tabs.Tab value="active" leftSection={<IconCalendarClock size={16} />}>
          {t('appointments.tabs.active')}
        </Tabs.Tab>
        <Tabs.Tab value="archived" leftSection={<IconArchive size={16} />}>
          {t('appointments.tabs.archived')}
        </Tabs.Tab>
      </Tabs.List>
      {TABS.map((value) => (
        <Tabs.Panel key={value} value={value}>
          {children(value)}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
