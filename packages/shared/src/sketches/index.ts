export * from './compile.ts';
export * from './contracts.ts';
export * from './limits.ts';
