export type { ToolCall, ToolCallResult, ToolChatRequestBody, ToolSchema, ToolSchemas } from './tools/types';
export { defineTool } from './tools/define-tool';
export type { AnyToolDefinition, ToolDefinition, ToolExecuteOptions, ToolSet } from './tools/define-tool';
export { executeToolCall, executeToolCalls, DEFAULT_TOOL_TIMEOUT_MS } from './tools/execute-tool-calls';
export type { ExecuteToolCallsOptions } from './tools/execute-tool-calls';
export { toolSchemas } from './tools/tool-schemas';
export { toolErrorMessages } from './tools/errors';
export type { ToolRetry } from './tools/define-tool';
export { backoffDelay } from './tools/execute-tool-calls';
export { serializeToolOutput, toJsonValue, DEFAULT_MAX_OUTPUT_BYTES } from './tools/serialize-output';
export type { TruncatedOutput } from './tools/serialize-output';
export { formatLoopEvent } from './loop/events';
export type { LoopEndReason, LoopUsage, ToolCallOutcome, ToolLoopEvent } from './loop/events';
export { ChatRequestError, withHttpErrors, parseRetryAfter } from './loop/http-errors';

export type { Activity, ActivityState } from './loop/activity';
export { defaultLabels, markerLabels } from './loop/labels';
export type { ToolLabels } from './loop/labels';
export { countToolRounds, nextRequest, DEFAULT_MAX_TOOL_ROUNDS } from './loop/rounds';
export type { NextRequest } from './loop/rounds';
export { ToolLoop } from './loop/tool-loop';
export type { LoopChat, ToolLoopOptions } from './loop/tool-loop';
export type { ToolRun, ToolRunPhase } from './loop/tool-run';

export * from './marker/index';
export * from './formats/index';
export * from './storage/index';
export * from '../transports/index';
