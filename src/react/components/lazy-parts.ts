import { afterMount } from './after-mount';

// The parts of `message-extras.ts`, out of the chat's first load: `ChatWrapper` fetches them
// once it has mounted (`preloadParts`), so by the time a restored thread's messages, an error
// or a call's details are on screen they render at once. A part rendered before then shows
// once they are in; a part used alone loads them itself.
const extras = afterMount(() => import('./message-extras'));

export const ApprovalActions = extras.part((chunk) => chunk.ApprovalActions);
export const ApprovalNote = extras.part((chunk) => chunk.ApprovalNote);
export const ErrorBanner = extras.part((chunk) => chunk.ErrorBanner);
export const PendingApprovals = extras.part((chunk) => chunk.PendingApprovals);
export const MessageNotice = extras.part((chunk) => chunk.TurnNotice);
export const ToolSummary = extras.part((chunk) => chunk.ToolSummary);
export const Reasoning = extras.part((chunk) => chunk.Reasoning);
export const FilePart = extras.part((chunk) => chunk.FilePart);
export const StatusIcon = extras.part((chunk) => chunk.StatusIcon);
export const ToolCallDetails = extras.part((chunk) => chunk.ToolCallDetails);
export const ToolCallError = extras.part((chunk) => chunk.ToolCallError);
export const ToolArgsSummary = extras.part((chunk) => chunk.ToolArgsSummary);

/** Starts loading them; resolves once every one renders at once. */
export const preloadParts = extras.preload;
/** Whether they have loaded. */
export const partsLoaded = extras.loaded;
export const ToolCallCard = extras.part((chunk) => chunk.ToolCallCard);
