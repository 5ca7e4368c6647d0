export * from './connectivity.ts';
export * from './firmware.ts';
export * from './iot.ts';
export * from './provisioning.ts';
export * from './spaces.ts';
export * from './system.ts';
export * from './telemetry.ts';
export * from './users.ts';
