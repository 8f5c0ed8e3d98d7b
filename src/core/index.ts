export type { ToolCall, ToolCallResult, ToolChatRequestBody, ToolSchema, ToolSchemas } from './tools/types';
export type { Activity, ActivityState } from './loop/activity';
export * from './marker/index';
export * from './formats/index';
export * from './storage/index';
export { defineTool } from './tools/define-tool';
export type { AnyToolDefinition, ToolDefinition, ToolExecuteOptions, ToolSet } from './tools/define-tool';
export * from '../transports/index';
