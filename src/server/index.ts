export { createChatHandler } from './create-chat-handler';
export type { ChatHandlerOptions } from './create-chat-handler';
export { streamChat } from '../core/model/stream-chat';
export type { StreamChatOptions } from '../core/model/stream-chat';
export { createDemoModel } from '../transports/demo/model';
export type { DemoModelOptions } from '../transports/demo/model';
export { toNodeHandler } from './node-handler';
export type { NodeHandlerOptions, NodeRequest, NodeResponse } from './node-handler';
