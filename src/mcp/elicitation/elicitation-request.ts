import { ElicitRequestFormParamsSchema, ErrorCode, McpError, type ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { elicitationProblem, schemaShapeProblem } from './elicitation-limits';
import type { ElicitationStore, McpElicitation } from './elicitations';

/** Questions waiting per connection at most: a server asking more is refused. */
const MAX_PENDING = 3;

/**
 * One `elicitation/create` (form mode): the question shows in the card of the server's call that
 * is running (the first one, when several are) until the user answers; it is answered `cancel`
 * when that call ends (Stop, its timeout), when the server cancels it, or after `timeoutMs`. A
 * question that is not MCP's restricted form, past the limits, asked while none of the server's
 * calls runs, or one too many is refused with an error that says why, also to `onError`.
 */
export function askUser(raw: unknown, serverGaveUp: AbortSignal, store: ElicitationStore): Promise<ElicitResult> {
  const { options } = store;
  const refuse = (message: string, code = ErrorCode.InvalidParams): never => {
    options.report(new Error(`The MCP server ${options.serverLabel} asked a question the chat refused: ${message}`));
    throw new McpError(code, message);
  };
  const mode = (raw as { mode?: unknown } | undefined)?.mode;
  if (mode !== undefined && mode !== 'form') return refuse('only form-mode questions are supported');
  const parsed = ElicitRequestFormParamsSchema.safeParse(raw);
  if (!parsed.success) return refuse(schemaShapeProblem(raw));
  const params = parsed.data;
  const problem = elicitationProblem(params.message, params.requestedSchema);
  if (problem !== undefined) return refuse(problem);
  const [first] = options.running;
  if (!first) return refuse('the chat shows a question only while one of this server’s tools runs, in that call’s card', ErrorCode.InvalidRequest);
  if (store.size >= MAX_PENDING) return refuse(`${MAX_PENDING} questions already wait for the user`, ErrorCode.InvalidRequest);
  const [toolCallId, callEnded] = first;
  return new Promise<ElicitResult>((resolve) => {
    let answered = false;
    const elicitation: McpElicitation = {
      id: store.nextId(),
      toolCallId,
      server: options.serverLabel,
      message: params.message,
      requestedSchema: params.requestedSchema,
      respond(answer) {
        if (answered) return;
        answered = true;
        clearTimeout(timer);
        callEnded.removeEventListener('abort', cancel);
        serverGaveUp.removeEventListener('abort', cancel);
        store.remove(elicitation);
        resolve(answer);
      },
    };
    const cancel = () => elicitation.respond({ action: 'cancel' });
    // The call it belongs to ended (Stop, a timeout) or the server gave up: nobody is asked any more.
    callEnded.addEventListener('abort', cancel, { once: true });
    serverGaveUp.addEventListener('abort', cancel, { once: true });
    const timer = setTimeout(cancel, options.timeoutMs);
    store.add(elicitation);
    if (callEnded.aborted || serverGaveUp.aborted) cancel();
  });
}
