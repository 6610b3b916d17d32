import type { AdminManagerRow, ManagerAssignments, Page, PageQuery } from '@rozmova/contract';
import { audit } from '../../access/audit.js';
import type { ViewerContext } from '../../access/context.js';
import { ALL } from '../../access/relations.js';
import { conflict, notFound } from '../../lib/errors.js';
import { pageWindow, toPage } from '../../lib/paging.js';
import * as repo from './assignments-repository.js';
import { toUserRow } from './users-service.js';

export async function listManagers(ctx: ViewerContext, query: PageQuery): Promise<Page<AdminManagerRow>> {
  const { rows, total } = await repo.listManagers(ctx.db, ALL, pageWindow(query));
  const assigned = await repo.openAssignmentsOf(
    ctx.db,
    ALL,
    rows.map((r) => r.id),
  );
  const content = rows.map((row) => {
    const assignedPatients = assigned.get(row.id) ?? [];
    return { ...toUserRow(row), assignedPatients, assignedPatientCount: assignedPatients.length };
  });
  return toPage(content, total, query);
}

/** The current patients of each manager among the ids, in the order asked; ids of anyone else are left out. */
export async function managersAssigned(ctx: ViewerContext, ids: number[]): Promise<ManagerAssignments[]> {
  const managerIds = await repo.managerIdsAmong(ctx.db, ids);
  const assigned = await repo.openAssignmentsOf(ctx.db, ALL, managerIds);
  return managerIds.map((managerId) => ({ managerId, assignedPatients: assigned.get(managerId) ?? [] }));
}

export const unassignedPatients = (ctx: ViewerContext) => repo.unassignedPatients(ctx.db, ALL);

async function assignmentsOf(ctx: ViewerContext, managerId: number): Promise<ManagerAssignments> {
  const [answer] = await managersAssigned(ctx, [managerId]);
  return answer;
}

/** Gives the patient to the manager from now on; 409 when the patient already has a manager. */
export async function assign(ctx: ViewerContext, input: { managerId: number; patientId: number }): Promise<ManagerAssignments> {
  const { managerId, patientId } = input;
  await ctx.db.transaction(async (tx) => {
    if ((await repo.lockedRoleOf(tx, managerId)) !== 'MANAGER') throw notFound('Manager');
    if ((await repo.lockedRoleOf(tx, patientId)) !== 'PATIENT') throw notFound('Patient');
    if (!(await repo.openAssignment(tx, { managerId, patientId, from: ctx.clock.instant() }))) {
      throw conflict('ALREADY_ASSIGNED', 'This patient already has a manager');
    }
    await audit(ctx, tx, [{ action: 'MANAGER_ASSIGN', subjectId: patientId, patientId, managerId }]);
  });
  return assignmentsOf(ctx, managerId);
}

/** Ends the manager's following of the patient now; the assignment stays in the history. */
export async function removeAssignment(
  ctx: ViewerContext,
  input: { managerId: number; patientId: number },
): Promise<ManagerAssignments> {
  const { managerId, patientId } = input;
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.closeAssignment(tx, { managerId, patientId, until: ctx.clock.instant() }))) {
      throw notFound('Assignment');
    }
    await audit(ctx, tx, [{ action: 'MANAGER_UNASSIGN', subjectId: patientId, patientId, managerId }]);
  });
  return assignmentsOf(ctx, managerId);
}
