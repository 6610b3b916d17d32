export * from './audit.js';
export * from './measures.js';
export * from './notifications.js';
export * from './oversight.js';
export * from './practice.js';
export * from './profiles.js';
export * from './records.js';
export * from './users.js';
