/** `@foyer/api/admin`: who may do what on the admin API, and its requests and answers (issues 27, 28). */
export * from './permissions';
export * from './console-api';
export * from './insights-api';
