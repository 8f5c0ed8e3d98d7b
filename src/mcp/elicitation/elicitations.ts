import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ErrorCode, McpError, type ElicitRequestFormParams, type ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { createListeners } from '../../core/chat/listeners';

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

/** What the code that asks the user (loaded with the first question) needs of the connection's store. */
export interface ElicitationStore {
  options: ElicitationOptions;
  readonly size: number;
  nextId(): number;
  add(elicitation: McpElicitation): void;
  remove(elicitation: McpElicitation): void;
}

/**
 * Answers the server's `elicitation/create` (form mode) with the user's answer, through a form
 * in the card of the server's call that is running (see `askUser`, loaded with the first
 * question). Other requests the client has no handler for are refused as before.
 */
export function handleElicitations(client: Client, options: ElicitationOptions): McpElicitations {
  const listeners = createListeners();
  let pending: readonly McpElicitation[] = [];
  let ids = 0;
  const store: ElicitationStore = {
    options,
    get size() {
      return pending.length;
    },
    nextId: () => ++ids,
    add(elicitation) {
      pending = [...pending, elicitation];
      listeners.emit();
    },
    remove(elicitation) {
      pending = pending.filter((item) => item !== elicitation);
      listeners.emit();
    },
  };
  // Not `setRequestHandler`: the SDK would refuse a malformed question with a dump of its parser's
  // issues. Here every refusal says, in a sentence, what is wrong.
  const previous = client.fallbackRequestHandler;
  client.fallbackRequestHandler = async (request, extra) => {
    if (request.method !== 'elicitation/create') {
      if (previous) return previous(request, extra);
      throw new McpError(ErrorCode.MethodNotFound, 'Method not found');
    }
    const { askUser } = await import('./elicitation-request');
    return askUser(request.params, extra.signal, store) as Promise<ElicitResult>;
  };
  return {
    get pending() {
      return pending;
    },
    subscribe: listeners.subscribe,
  };
}
