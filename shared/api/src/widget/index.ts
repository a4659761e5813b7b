export * from './currencies';
export * from './error-codes';
export * from './errors';
export * from './schemas';
export * from './endpoints';
export * from './basket';
export * from './account-schemas';
export * from './account-endpoints';
export { catalogueError, isKnownErrorCode, ERROR_CATALOGUE } from '../errors/all';
