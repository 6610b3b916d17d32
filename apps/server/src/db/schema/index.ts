export * from './practice.js';
export * from './profiles.js';
export * from './records.js';
export * from './users.js';
