export * from './iot.ts';
export * from './provisioning.ts';
export * from './spaces.ts';
export * from './system.ts';
export * from './users.ts';
