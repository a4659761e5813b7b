export * from './currencies';
export * from './error-codes';
export * from './errors';
export * from './schemas';
export * from './endpoints';
