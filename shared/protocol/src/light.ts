/**
 * The dependency-free part of the protocol: what the loader may import without zod.
 */
export * from './widgets';
export * from './events';
export * from './methods';
export * from './navigation';
export * from './origins';
export * from './page';
export * from './social-return';
export * from './themes';
