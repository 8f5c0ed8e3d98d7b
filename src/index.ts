export * from './core/index';
export * from './transports/index';
export * from './react/index';
