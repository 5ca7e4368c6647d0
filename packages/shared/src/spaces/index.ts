export * from './contracts.ts';
export * from './plans.ts';
export * from './quotas.ts';
export * from './roles.ts';
export * from './visibility.ts';
