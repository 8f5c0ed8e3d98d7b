export { createDemoModel } from './model';
export type { DemoModelOptions } from './model';
export { createDemoTransport } from './transport';
export type { DemoTransportOptions } from './transport';
export { demoTools } from './tools';
