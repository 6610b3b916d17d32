import type { AttendanceBody, GroupMember } from '@rozmova/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { groupKeys } from './keys';

type Mark = { patientId: number; status: GroupMember['attendance'][string] };

export const markAttendance = (sessionId: number, marks: AttendanceBody) =>
  api<Mark[]>(`/psychologist/group-sessions/${sessionId}/attendance`, { method: 'PUT', body: marks });

/** Marks who came to a session that has started (409 NOT_STARTED before); the members' marks update in place. */
export function useMarkAttendance(programId: number, sessionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (marks: AttendanceBody) => markAttendance(sessionId, marks),
    onSuccess: (marks) =>
      queryClient.setQueryData<GroupMember[]>(groupKeys.members(programId), (list) =>
        list?.map((m) => {
          const mark = marks.find((k) => k.patientId === m.patientId);
          return mark ? { ...m, attendance: { ...m.attendance, [String(sessionId)]: mark.status } } : m;
        }),
      ),
  });
}
