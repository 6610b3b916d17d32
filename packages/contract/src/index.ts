// First: zod's settings, before any schema below is built.
import './zod-settings.js';

export * from './admin.js';
export * from './appointments.js';
export * from './audit.js';
export * from './auth.js';
export * from './common.js';
export * from './constants.js';
export * from './crisis.js';
export * from './documents.js';
export * from './groups.js';
export * from './manager.js';
export * from './measures.js';
export * from './messages.js';
export * from './notifications.js';
export * from './onboarding.js';
export * from './paging.js';
export * from './patient.js';
export * from './platform.js';
export * from './psychologist.js';
export * from './records.js';
export * from './reports.js';
export * from './schedule-exceptions.js';
export * from './search.js';
export * from './sfu.js';
export * from './signal.js';
export * from './therapy.js';
export * from './time.js';
