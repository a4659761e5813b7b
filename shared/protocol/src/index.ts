export * from './light';
export * from './schemas';
