export * from './core/index';
export * from './react/index';
