export * from './schemas';
export * from './validate-order';
export * from './endpoints';
