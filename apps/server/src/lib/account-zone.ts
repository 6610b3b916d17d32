/**
 * The zone an account's times are shown in: its own, or the platform's when it has none. Every module shows times
 * this way, so it sits below them all.
 */
export const timeZoneOf = (ctx: { config: { timeZone: string } }, user: { timeZone: string | null }): string =>
  user.timeZone ?? ctx.config.timeZone;
