export * from './app-config.ts';
export * from './claims.ts';
export * from './error-body.ts';
