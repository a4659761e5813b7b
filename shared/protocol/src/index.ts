export * from './light';
export * from './schemas';
export * from './attribute-helpers';
export * from './attributes';
export * from './purchase-attributes';
export * from './appearance';
