export { createAgUiTransport } from './transport';
export type { AgUiAgent, AgUiTransportOptions } from './transport';
export type { AgUiSubscribable } from './event-stream';
