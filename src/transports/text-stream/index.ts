export { createTextStreamTransport } from './transport';
export type { TextStreamTransportOptions } from './transport';
export { createTextToChunksTransform } from './text-to-chunks';
