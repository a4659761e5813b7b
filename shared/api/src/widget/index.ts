export * from './currencies';
export * from './error-codes';
export * from './errors';
export * from './schemas';
export * from './endpoints';
export * from './basket';
export { catalogueError, isKnownErrorCode, ERROR_CATALOGUE } from '../errors/all';
