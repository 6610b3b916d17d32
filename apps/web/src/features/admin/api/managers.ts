import type { AdminManagerRow, AdminPatient, ManagerAssignments, Page } from '@rozmova/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { adminKeys } from './keys';

export const fetchManagers = (page: number) => api<Page<AdminManagerRow>>('/admin/managers', { query: { page, size: 10 } });

export const managersQuery = (page: number) =>
  queryOptions({ queryKey: adminKeys.managersPage(page), queryFn: () => fetchManagers(page) });

export const useAdminManagers = (page: number) => useQuery({ ...managersQuery(page), placeholderData: keepPreviousData });

export const fetchUnassignedPatients = () => api<AdminPatient[]>('/admin/unassigned-patients');

/** Patients with no manager now: the Manage dialog's choice. */
export const unassignedQuery = queryOptions({ queryKey: adminKeys.unassigned(), queryFn: fetchUnassignedPatients });

export const useUnassignedPatients = (enabled: boolean) => useQuery({ ...unassignedQuery, enabled });

export const fetchAssigned = (managerId: number) =>
  api<ManagerAssignments[]>('/admin/managers-assigned', { method: 'POST', body: [managerId] });

/** One manager's patients as they are now (the table's row may be older). */
export const assignedQuery = (managerId: number) =>
  queryOptions({
    queryKey: adminKeys.assigned(managerId),
    queryFn: async () => (await fetchAssigned(managerId))[0]?.assignedPatients ?? [],
  });

export const useAssignedPatients = (managerId: number) => useQuery(assignedQuery(managerId));

export const assignPatient = (body: { managerId: number; patientId: number }) =>
  api<ManagerAssignments>('/admin/assign-manager', { method: 'POST', body });

export const removeAssignment = (query: { managerId: number; patientId: number }) =>
  api<ManagerAssignments>('/admin/remove-assignment', { method: 'DELETE', query });

/** Assigning or removing: the manager's patients are the answer; the table and the unassigned list are asked again. */
function useAssignmentChange(fn: (input: { managerId: number; patientId: number }) => Promise<ManagerAssignments>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (answer) => queryClient.setQueryData(assignedQuery(answer.managerId).queryKey, answer.assignedPatients),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.managers() }),
  });
}

export const useAssignPatient = () => useAssignmentChange(assignPatient);
export const useRemoveAssignment = () => useAssignmentChange(removeAssignment);
