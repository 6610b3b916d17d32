import type { Verification } from '@rozmova/contract';

type VerificationFields = {
  verified: boolean | null;
  rejectionReason: string | null;
  verificationDecidedAt: Date | null;
};

/** The state follows from the stored fields: verified is APPROVED, a rejection reason REJECTED, neither PENDING. */
export function presentVerification(row: VerificationFields): Verification {
  const state = row.verified ? 'APPROVED' : row.rejectionReason !== null ? 'REJECTED' : 'PENDING';
  return {
    state,
    reason: state === 'REJECTED' ? row.rejectionReason : null,
    decidedAt: row.verificationDecidedAt?.toISOString() ?? null,
  };
}
