import { z } from 'zod';
import { authResponseSchema, codeSchema } from './auth.js';
import { emailSchema, inputString } from './common.js';
import { LIMITS } from './constants.js';

/** How many one-time recovery codes a set holds. */
export const RECOVERY_CODE_COUNT = 10;
/** How long a proved factor lets sensitive actions through without asking again. */
export const RECHECK_WINDOW_MINUTES = 10;

export const totpCodeSchema = inputString()
  .trim()
  .regex(/^\d{6}$/, 'Expected 6 digits');

/** A code from the authenticator app (6 digits) or a recovery code (`xxxxx-xxxxx`, case and dash optional). */
export const secondFactorCodeSchema = inputString()
  .trim()
  .regex(/^(\d{6}|[a-zA-Z0-9]{5}-?[a-zA-Z0-9]{5})$/, 'Expected 6 digits or a recovery code');

export const totpSetupResponseSchema = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type TotpSetup = z.infer<typeof totpSetupResponseSchema>;

export const totpConfirmBodySchema = z.object({ code: totpCodeSchema });
export const recoveryCodesResponseSchema = z.object({ recoveryCodes: z.array(z.string()).length(RECOVERY_CODE_COUNT) });
export type RecoveryCodes = z.infer<typeof recoveryCodesResponseSchema>;

/** The second factors an account has: a code from an authenticator app (or a recovery code), a passkey. */
export const SECOND_FACTORS = ['TOTP', 'PASSKEY'] as const;
export type SecondFactor = (typeof SECOND_FACTORS)[number];

/**
 * The answer of a first factor on an account that has a second one: no token yet, only the step to the second, and
 * the factors it may be taken with (a passkey signs in on its own through /auth/passkey/…).
 */
export const mfaChallengeResponseSchema = z.object({
  mfaRequired: z.literal(true),
  mfaToken: z.string(),
  methods: z.array(z.enum(SECOND_FACTORS)),
});
export type MfaChallenge = z.infer<typeof mfaChallengeResponseSchema>;

/** What every first-factor sign-in answers: a session, or the step to the second factor. */
export const signInResponseSchema = z.union([authResponseSchema, mfaChallengeResponseSchema]);
export type SignInResponse = z.infer<typeof signInResponseSchema>;

export const mfaVerifyBodySchema = z.object({ mfaToken: inputString().min(1).max(200), code: secondFactorCodeSchema });

/** The account's second factors, and whether its role must have one (then this session may do nothing else). */
export const mfaStatusResponseSchema = z.object({
  totp: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  passkeys: z.number().int(),
  required: z.boolean(),
  /** True while this session may only enrol: the role needs a second factor and the session was opened without one. */
  enrolmentRequired: z.boolean(),
});
export type MfaStatus = z.infer<typeof mfaStatusResponseSchema>;

/** Proving it is still the owner before a sensitive action: a second-factor code, or the password. */
export const recheckBodySchema = z
  .object({
    code: secondFactorCodeSchema.optional(),
    password: inputString().min(1).max(LIMITS.password.max).optional(),
    /** A sign-in code mailed to the own address, for accounts with neither a password nor a second factor. */
    emailCode: codeSchema.optional(),
  })
  .refine((b) => [b.code, b.password, b.emailCode].filter((v) => v !== undefined).length === 1, {
    message: 'Send one of code, password or emailCode',
    path: ['code'],
  });

export const sessionItemSchema = z.object({
  id: z.string(),
  browser: z.string().nullable(),
  system: z.string().nullable(),
  /** The network of the address last seen (an IPv4 /24 or IPv6 /48), never the address itself. */
  network: z.string().nullable(),
  firstSeen: z.string(),
  lastSeen: z.string(),
  current: z.boolean(),
});
export type SessionItem = z.infer<typeof sessionItemSchema>;
export const sessionListResponseSchema = z.array(sessionItemSchema);
export const sessionIdParamsSchema = z.object({ id: z.uuid() });
export const endedSessionsResponseSchema = z.object({ ended: z.number().int() });

/** A browser's WebAuthn answer (registration or assertion) as @simplewebauthn/browser hands it over. */
export const webauthnResponseSchema = z.looseObject({
  id: inputString().min(1).max(1400),
  rawId: inputString().min(1).max(1400),
  type: z.literal('public-key'),
  response: z.looseObject({ clientDataJSON: inputString().max(10_000) }),
});

/** WebAuthn options for the browser, with the id of the challenge they carry. */
export const passkeyOptionsResponseSchema = z.object({
  challengeId: z.uuid(),
  options: z.looseObject({ challenge: z.string() }),
});

export const passkeyNameSchema = inputString().trim().min(1).max(60);
export const passkeyRegisterBodySchema = z.object({
  challengeId: z.uuid(),
  name: passkeyNameSchema,
  response: webauthnResponseSchema,
});
export const passkeyRenameBodySchema = z.object({ name: passkeyNameSchema });
export const passkeyIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const passkeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;
export const passkeyListResponseSchema = z.array(passkeySchema);

/** Signing in with a passkey: with the e-mail (its passkeys are offered) or without (the device's own). */
export const passkeySignInOptionsBodySchema = z.object({ email: emailSchema.optional() });
export const passkeySignInBodySchema = z.object({ challengeId: z.uuid(), response: webauthnResponseSchema });

/** Whom a sign-in link names (its account's name and real e-mail, when known), asked before it is used. */
export const magicLinkPreviewSchema = z.object({ name: z.string().nullable(), email: z.string().nullable() });
export type MagicLinkPreview = z.infer<typeof magicLinkPreviewSchema>;
export const magicLoginBodySchema = z.object({ token: inputString().min(1).max(200) });
