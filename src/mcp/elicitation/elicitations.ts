import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ElicitRequestFormParamsSchema, ErrorCode, McpError, type ElicitRequestFormParams, type ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { createListeners } from '../../core/chat/listeners';
import { elicitationProblem, schemaShapeProblem } from './elicitation-limits';

/** The form a server asks for: a flat object of strings, numbers, booleans and choices (MCP's restricted JSON Schema). */
export type McpElicitationSchema = ElicitRequestFormParams['requestedSchema'];

/** The user's answer to a server's question: the form's values, a refusal, or no answer. */
export type McpElicitationAnswer = { action: 'accept'; content: NonNullable<ElicitResult['content']> } | { action: 'decline' } | { action: 'cancel' };

/** A server's question (MCP `elicitation/create`, form mode) waiting for the user's answer. */
export interface McpElicitation {
  readonly id: number;
  /** The call it was asked during: its card (or, for an MCP App's own call, the app's card) shows the form. */
  readonly toolCallId: string;
  /** The server, as the connection names it. */
  readonly server: string;
  readonly message: string;
  readonly requestedSchema: McpElicitationSchema;
  /** Answers the server; only the first answer counts, and the form goes away. */
  respond(answer: McpElicitationAnswer): void;
}

/** The questions of one connection waiting for answers, for the cards to show. */
export interface McpElicitations {
  /** In the order they were asked; a new array after each change. */
  readonly pending: readonly McpElicitation[];
  subscribe(listener: () => void): () => void;
}

export interface ElicitationOptions {
  serverLabel: string;
  /** The calls of this connection that are running, by id, in the order they started. */
  running: ReadonlyMap<string, AbortSignal>;
  timeoutMs: number;
  report: (error: Error) => void;
}

/** Questions waiting per connection at most: a server asking more is refused. */
const MAX_PENDING = 3;

/**
 * Answers the server's `elicitation/create` (form mode) with the user's answer: the question
 * shows in the card of the server's call that is running (the first one, when several are), and
 * is cancelled when that call ends (Stop, its timeout), when the server cancels it, or after
 * `timeoutMs`. A question asked while none of its calls runs, a schema past the limits, or one
 * question too many is refused with an error that says why (the SDK already refuses a schema
 * that is not MCP's restricted form).
 */
export function handleElicitations(client: Client, options: ElicitationOptions): McpElicitations {
  const listeners = createListeners();
  let pending: readonly McpElicitation[] = [];
  let ids = 0;
  const refuse = (message: string, code = ErrorCode.InvalidParams): never => {
    options.report(new Error(`The MCP server ${options.serverLabel} asked a question the chat refused: ${message}`));
    throw new McpError(code, message);
  };

  // Not `setRequestHandler`: the SDK would refuse a malformed question with a dump of its parser's
  // issues. Here every refusal says, in a sentence, what is wrong.
  const previous = client.fallbackRequestHandler;
  client.fallbackRequestHandler = async (request, extra) => {
    if (request.method !== 'elicitation/create') {
      if (previous) return previous(request, extra);
      throw new McpError(ErrorCode.MethodNotFound, 'Method not found');
    }
    const raw = request.params as { mode?: unknown } | undefined;
    if (raw?.mode !== undefined && raw.mode !== 'form') return refuse('only form-mode questions are supported');
    const parsed = ElicitRequestFormParamsSchema.safeParse(raw);
    if (!parsed.success) return refuse(schemaShapeProblem(raw));
    const params = parsed.data;
    const problem = elicitationProblem(params.message, params.requestedSchema);
    if (problem !== undefined) return refuse(problem);
    const [first] = options.running;
    if (!first) return refuse('the chat shows a question only while one of this server’s tools runs, in that call’s card', ErrorCode.InvalidRequest);
    if (pending.length >= MAX_PENDING) return refuse(`${MAX_PENDING} questions already wait for the user`, ErrorCode.InvalidRequest);
    const [toolCallId, callSignal] = first;
    return new Promise<ElicitResult>((resolve) => {
      let answered = false;
      const elicitation: McpElicitation = {
        id: ++ids,
        toolCallId,
        server: options.serverLabel,
        message: params.message,
        requestedSchema: params.requestedSchema,
        respond(answer) {
          if (answered) return;
          answered = true;
          clearTimeout(timer);
          callSignal.removeEventListener('abort', cancel);
          extra.signal.removeEventListener('abort', cancel);
          pending = pending.filter((item) => item !== elicitation);
          listeners.emit();
          resolve(answer);
        },
      };
      const cancel = () => elicitation.respond({ action: 'cancel' });
      // The call it belongs to ended (Stop, a timeout) or the server gave up: nobody is asked any more.
      callSignal.addEventListener('abort', cancel, { once: true });
      extra.signal.addEventListener('abort', cancel, { once: true });
      const timer = setTimeout(cancel, options.timeoutMs);
      pending = [...pending, elicitation];
      listeners.emit();
      if (callSignal.aborted || extra.signal.aborted) cancel();
    });
  };

  return {
    get pending() {
      return pending;
    },
    subscribe: listeners.subscribe,
  };
}
