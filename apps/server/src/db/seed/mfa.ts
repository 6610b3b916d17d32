import { generateSecret } from 'otplib';
import type { AppContext } from '../../access/context.js';
import { presetTotp } from '../../modules/auth/mfa-service.js';
import { type DemoUsers, demoAdmin, demoManager, demoPsychologists } from './users.js';

/**
 * Where MFA_REQUIRED_ROLES asks demo staff for a second factor, they share one authenticator-app key, printed with
 * the demo accounts, so the demo works at once. Answers the lines to print, or none.
 */
export async function seedDemoSecondFactor(ctx: Pick<AppContext, 'db' | 'config' | 'clock'>, demo: DemoUsers): Promise<string> {
  const staff = [
    { id: demo.admin, role: demoAdmin.role },
    { id: demo.manager, role: demoManager.role },
    ...demo.psychologists.map((id, i) => ({ id, role: demoPsychologists[i].role })),
  ].filter((s) => ctx.config.mfaRequiredRoles.includes(s.role));
  if (staff.length === 0) return '';
  const secret = generateSecret();
  for (const s of staff) await presetTotp(ctx, s.id, secret);
  return [
    '',
    `Demo staff (${[...new Set(staff.map((s) => s.role))].join(', ')}) sign in with two-step verification.`,
    `Add this key to an authenticator app (one key for all of them) and type its 6-digit code after the password:`,
    `  ${secret}`,
    `  otpauth://totp/Rozmova:demo-staff?secret=${secret}&issuer=Rozmova`,
    'For a demo without it, start once with MFA_REQUIRED_ROLES= (empty) on a fresh data folder.',
  ].join('\n');
}
