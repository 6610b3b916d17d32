import { Group, NumberInput, Select, Stack, Text, Title } from '@mantine/core';
import { AUDIT_ACTIONS, type AuditAction } from '@rozmova/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryView } from '../../components/query-view';
import { useErrorToast } from '../../lib/use-error-toast';
import { type AuditFilter, useAudit } from './api/audit';
import { AuditTable } from './components/audit-table';
import { Paging } from './components/paging';

const idOrNull = (v: string | number) => (typeof v === 'number' && v > 0 ? v : null);

/** /admin/audit: the audit trail newest first, ten a page, filtered by who acted, what they did and to whom. */
export default function AdminAuditPage() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<AuditFilter>({ page: 0, actorId: null, action: null, subjectId: null });
  const change = (patch: Partial<AuditFilter>) => setFilter((f) => ({ ...f, page: 0, ...patch }));
  const audit = useAudit(filter);
  useErrorToast(audit.isError, t('admin.fetchError'));

  const body = (
    <QueryView
      query={audit}
      errorMessage={t('admin.fetchError')}
      isEmpty={(data) => data.content.length === 0}
      empty={t('admin.audit.empty')}
    >
      {(data) => (
        <>
          <AuditTable rows={data.content} />
          <Paging
            page={filter.page}
            totalPages={data.totalPages}
            total={data.totalElements}
            onChange={(page) => setFilter((f) => ({ ...f, page }))}
          />
        </>
      )}
    </QueryView>
  );

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          {t('admin.audit.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('admin.audit.subtitle')}
        </Text>
      </div>
      <Group align="flex-end" gap="md">
        <Select
          label={t('admin.audit.action')}
          placeholder={t('admin.audit.allActions')}
          clearable
          data={AUDIT_ACTIONS.map((a) => ({ value: a, label: t(`admin.audit.actions.${a}`) }))}
          value={filter.action}
          onChange={(v) => change({ action: v as AuditAction | null })}
          w={240}
        />
        <NumberInput
          label={t('admin.audit.actorId')}
          min={1}
          allowDecimal={false}
          allowNegative={false}
          value={filter.actorId ?? ''}
          onChange={(v) => change({ actorId: idOrNull(v) })}
          w={200}
        />
        <NumberInput
          label={t('admin.audit.subjectId')}
          min={1}
          allowDecimal={false}
          allowNegative={false}
          value={filter.subjectId ?? ''}
          onChange={(v) => change({ subjectId: idOrNull(v) })}
          w={200}
        />
      </Group>
      {body}
    </Stack>
  );
}
