export { createOpenAICompatibleTransport } from './transport';
export type { OpenAICompatibleTransportOptions } from './transport';
export { createOpenAIChatStreamTransform } from './stream-transform';
export type { StreamTransformOptions } from './stream-transform';
export type { OpenAIFunctionTool } from './request';
export type { StreamMetadata, StreamUsage } from '../sse/metadata';
