import type { AuditAction, AuditRow, Page } from '@rozmova/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The audit table's page (from 0) and filters; null is no filter. */
export type AuditFilter = { page: number; actorId: number | null; action: AuditAction | null; subjectId: number | null };

export const fetchAudit = ({ page, actorId, action, subjectId }: AuditFilter) =>
  api<Page<AuditRow>>('/admin/audit', {
    query: { page, size: 10, actorId: actorId ?? undefined, action: action ?? undefined, subjectId: subjectId ?? undefined },
  });

export const auditQuery = (filter: AuditFilter) =>
  queryOptions({ queryKey: ['admin', 'audit', filter], queryFn: () => fetchAudit(filter) });

/** One page of the audit trail, newest first. */
export const useAudit = (filter: AuditFilter) => useQuery({ ...auditQuery(filter), placeholderData: keepPreviousData });
