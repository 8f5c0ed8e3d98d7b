export { createToolChat, type ToolChat } from './create-tool-chat';
export {
  checkToolChatOptions,
  resolveToolChatOptions,
  DEFAULT_KEEP_ALIVE_MS,
  DEFAULT_STORAGE_TIMEOUT_MS,
  DEFAULT_THROTTLE_MS,
  type ResolvedToolChatOptions,
} from './options';
export type { ToolChatRows } from './row-store';
export type {
  SendMessageInput,
  ToolCallApproval,
  ToolCallView,
  ToolCallViewOf,
  ToolChatMessage,
  ToolChatOptions,
  ToolChatSnapshot,
  ToolChatUITools,
  ToolInputOf,
  ToolOutputInput,
  ToolOutputOf,
} from './types';
export { selectToolCalls, toolCallView, type ToolCallViews } from './tool-call-views';
export { isInterruptedToolPart, isToolPart, type ToolPart } from './part-states';
export {
  localStorageGrants,
  memoryGrants,
  MAX_GRANTS,
  type LocalStorageGrantsOptions,
  type ToolGrant,
  type ToolGrantReach,
  type ToolGrants,
} from './grants';
export { createListeners, type Listeners, type ReadableStore } from './listeners';
export { describeActivity, type Activity } from './activity';
export { defaultLabels, markerLabels, type ToolLabels } from './labels';
export type { Branch, BranchPosition } from '../tree/message-tree';
