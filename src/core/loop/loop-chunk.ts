// What a chat's loop needs once it talks to the model, never for the first render: one chunk,
// fetched when the chat starts, which every request waits for, so no response or call exists
// before it (`loopChunk`). The transport stages of a request and its response, running a call
// (its approvals: the gate of the tool's rule, the app's policy and the user's grants, the
// user's answers and edits, their expiry; the concurrency limit, timeout and retries, validating
// the input), serialising its output, what a transition does outside the state (callbacks,
// results handed to the chat, the log), the response's call identity and its usage, the user's
// grants (their default place, the page's book of them, server tools' approvals and the chat's
// answers to them), and what reads a conversation's calls (open calls settled before the user's
// next message, a retry's, a request's browser approvals). And the AI SDK's chat itself, which
// sends and streams: nothing of `ai` is in a chat's first load.
export { CallApprovals, isServerCall } from './call-approvals';
export { LoopCalls } from './loop-calls';
export { runEffects } from './loop-effects';
export { reduce } from './reduce';
export { formatLoopEvent } from './events';
export { Limiter } from './limiter';
export { loopEvents } from './loop-events';
export { runToolCall } from './run-tool-call';
export { DEFAULT_MAX_OUTPUT_BYTES, serializeToolOutput, toJsonValue } from '../tools/serialize-output';
export { defaultGrants } from '../chat/grants';
export { bindChatGrants } from '../chat/chat-grants';
export { grantBookOf } from '../chat/grant-book';
export { answerApprovalResponse, answerCallApproval } from '../chat/answer-approval';
export { createServerApprovalWatch } from '../chat/server-approvals';
export { refreshApprovals } from '../chat/refresh-approvals';
export { applyLoopStates } from '../chat/loop-part-states';
export { dropIncompleteCalls, resultsOnTheirWay, settleOpenCalls } from '../chat/open-calls';
export { createChatTransport } from '../chat/chat-transport';
export { createChatEngine } from '../chat/chat-engine';
export { convertFileListToFileUIParts } from 'ai';
