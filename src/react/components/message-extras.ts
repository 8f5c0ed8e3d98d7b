// What the chat's first render does not show: an error, calls waiting for approval in older
// messages, and what only some messages have (a turn's notice, the fold of its tool calls,
// reasoning, files and sources, a card's details, the status's icon). One chunk, loaded after
// the chat mounts (`lazy-parts.ts`).
export { ErrorBanner } from './error-banner';
export { FilePart, SourcePart } from './file-part';
export { StatusIcon } from './icons';
export { PendingApprovals } from './pending-approvals';
export { Reasoning } from './reasoning';
export { ToolCallDetails } from './tool-call-details';
export { ToolSummary } from './tool-summary';
export { TurnNotice } from './turn-notice';
