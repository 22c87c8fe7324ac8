export * from './status.ts';
export * from './define.ts';
export * from './functions.ts';
export * from './auth.ts';
