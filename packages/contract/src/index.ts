export * from './status.ts';
export * from './reasons.ts';
export * from './define.ts';
export * from './functions/index.ts';
export * from './auth.ts';
export * from './promises.ts';
