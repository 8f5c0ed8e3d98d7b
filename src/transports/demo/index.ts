export { createDemoModel } from '../../core/model/demo/model';
export type { DemoModelOptions } from '../../core/model/demo/model';
export { createDemoTransport } from './transport';
export type { DemoTransportOptions } from './transport';
export { demoTools } from './tools';
