export * from './openai-compatible/index';
export * from './text-stream/index';
export * from './demo/index';
