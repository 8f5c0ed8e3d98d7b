// What a loop needs once a response comes back or a model calls a tool, never for the first
// request: one chunk, fetched when a loop is made (`ToolLoopCore`), so it is there by the time
// the first answer streams. Running a call (approval, the concurrency limit, timeout and
// retries, validating the input), serialising its output, the response's call identity and its
// usage, the log (`onEvent`, `debug`), the default place of the user's "Always allow"
// choices (read before any call of a response can arrive: responses wait for this chunk), and
// what reads a conversation's calls (open calls settled before the user's next message, a
// retry's, a request's browser approvals): a conversation without tool parts needs none of it.
export { approvalGate } from './approval-gate';
export { checkEditedInput } from './edited-input';
export { createCallIdentity } from './call-identity';
export { formatLoopEvent } from './events';
export { Limiter } from './limiter';
export { loopEvents } from './loop-events';
export { runToolCall } from './run-tool-call';
export { answerUsageStage, readUsage } from './usage';
export { DEFAULT_MAX_OUTPUT_BYTES, serializeToolOutput, toJsonValue } from '../tools/serialize-output';
export { defaultGrants } from '../chat/grants';
export { bindChatGrants } from '../chat/chat-grants';
export { grantBookOf } from '../chat/grant-book';
export { answerServerApproval, cancelServerApprovals, createServerApprovalWatch, serverApprovalCallId } from '../chat/server-approvals';
export { refreshApprovals } from '../chat/refresh-approvals';
export { applyLoopStates } from '../chat/loop-part-states';
export { dropIncompleteCalls, resultsOnTheirWay, settleOpenCalls } from '../chat/open-calls';
export { toRequestMessages } from '../chat/request-messages';
