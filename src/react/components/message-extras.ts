// What the chat's first render does not need: an error, calls waiting for approval in older
// messages, what only some messages have (a turn's notice, the fold of its tool calls,
// reasoning, files), what fills in a tool card (its arguments at a glance, its
// error line, its details) and the status's icon. One chunk, loaded after the chat mounts
// (`lazy-parts.ts`).
export { ApprovalActions, ApprovalNote } from './approval-actions';
export { ErrorBanner } from './error-banner';
export { FilePart } from './file-part';
export { StatusIcon } from './icons';
export { TurnNotice } from './turn-notice';
export { PendingApprovals } from './pending-approvals';
export { Reasoning } from './reasoning';
export { ToolArgsSummary } from './tool-args-summary';
export { ToolCallDetails } from './tool-call-details';
export { ToolCallError } from './tool-call-error';
export { ToolSummary } from './tool-summary';
export { ToolCallCard } from './tool-call-card';
