export type { ToolCall, ToolCallResult, ToolChatRequestBody, ToolSchema, ToolSchemas } from './tools/types';
export type { Activity, ActivityState } from './loop/activity';
export * from './marker/index';
export * from './formats/index';
export * from './storage/index';
