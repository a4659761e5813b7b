export * from './errors/catalogue';
export * from './errors/foyer-error';
export * from './identity/schemas';
export * from './identity/authorization';
export * from './identity/endpoints';
export * from './client';
export * from './frame-config';
