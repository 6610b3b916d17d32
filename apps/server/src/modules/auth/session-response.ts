import { type AuthResponse, toRoleName } from '@rozmova/contract';
import type { AppContext } from '../../access/context.js';
import type { SessionDevice } from '../../access/tokens.js';
import type { UserRow } from '../../db/schema/index.js';
import { isNewStaffDevice, queueNewDeviceMail } from './new-device-mail.js';

/** A sign-in's context: the services, and the device the request comes from. */
export type SignInContext = AppContext & { device?: SessionDevice };

/** A fresh session's token and the session fields, as every completed sign-in answers. */
export async function sessionResponse(
  ctx: SignInContext,
  user: UserRow,
  opts: { twoFactor?: boolean } = {},
): Promise<AuthResponse> {
  const newDevice = await isNewStaffDevice(ctx, user, ctx.device);
  const { token, sessionId } = await ctx.tokens.open(user.id, { device: ctx.device, twoFactor: opts.twoFactor });
  if (newDevice) await queueNewDeviceMail(ctx, user.id, sessionId);
  return {
    token,
    email: user.email,
    role: user.role ? toRoleName(user.role) : null,
    profileCompleted: user.profileCompleted,
  };
}
