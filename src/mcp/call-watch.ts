import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

type Id = string | number;

/**
 * Keeps requests from waiting forever on a response stream that ended without their answer.
 *
 * Over Streamable HTTP each request's answer comes on the stream of its own POST. When that
 * stream ends or breaks first (the server crashed, a proxy cut it, the server closed it while
 * the tool ran), the SDK client reports a transport error at most and leaves the request
 * pending until its timeout. The watch wraps `fetch` to learn which request ids each POST
 * carried and when its stream ended, watches the messages the transport delivers, and answers
 * every id still unanswered with a JSON-RPC error through the transport, so the SDK rejects
 * the request like any other failure.
 */
export function createCallWatch(baseFetch: typeof globalThis.fetch, describeLoss: () => string, onOrphans: () => void) {
  const pending = new Set<Id>();
  let transport: Transport | undefined;

  const settle = (ids: readonly Id[]) => {
    const orphans = ids.filter((id) => pending.delete(id));
    if (orphans.length === 0 || !transport?.onmessage) return;
    for (const id of orphans) {
      transport.onmessage({ jsonrpc: '2.0', id, error: { code: -32000, message: describeLoss() } });
    }
    onOrphans();
  };

  const track = (body: unknown): Id[] => {
    if (typeof body !== 'string') return [];
    let messages: unknown;
    try {
      messages = JSON.parse(body);
    } catch {
      return [];
    }
    const ids: Id[] = [];
    for (const message of Array.isArray(messages) ? messages : [messages]) {
      if (typeof message !== 'object' || message === null) continue;
      const { id, method, params } = message as { id?: unknown; method?: unknown; params?: { requestId?: unknown } };
      // A cancelled request is settled by the SDK itself: no answer will be looked for.
      if (method === 'notifications/cancelled' && (typeof params?.requestId === 'string' || typeof params?.requestId === 'number')) {
        pending.delete(params.requestId);
      }
      if (typeof method === 'string' && (typeof id === 'string' || typeof id === 'number')) {
        pending.add(id);
        ids.push(id);
      }
    }
    return ids;
  };

  const watchedFetch: typeof globalThis.fetch = async (input, init) => {
    const ids = init?.method === 'POST' ? track(init.body) : [];
    let response: Response;
    try {
      response = await baseFetch(input, init);
    } catch (error) {
      // The SDK rejects these requests itself: the POST failed.
      for (const id of ids) pending.delete(id);
      throw error;
    }
    const body = response.body;
    if (ids.length === 0 || !body || !(response.headers.get('content-type') ?? '').includes('text/event-stream')) {
      // A JSON answer (or an error status) is handled by the SDK as a whole.
      if (!response.ok || !body) for (const id of ids) pending.delete(id);
      return response;
    }
    const reader = body.getReader();
    // The SDK parses in a pipeline of streams: let it hand on the last event before looking.
    const ended = () => setTimeout(() => setTimeout(() => settle(ids), 0), 0);
    const watched = new ReadableStream<Uint8Array>({
      async pull(controller) {
        try {
          const { done, value } = await reader.read();
          if (done) {
            controller.close();
            ended();
          } else {
            controller.enqueue(value);
          }
        } catch (error) {
          controller.error(error);
          ended();
        }
      },
      cancel(reason) {
        ended();
        return reader.cancel(reason);
      },
    });
    // The SDK reads `body` only; status, headers and URL stay the response's own.
    Object.defineProperty(response, 'body', { value: watched, configurable: true });
    return response;
  };

  return {
    fetch: watchedFetch,
    /**
     * Sees every message the transport delivers. Call it before the client connects: the SDK
     * keeps a handler it finds and calls it first.
     */
    attach(unconnected: Transport) {
      transport = unconnected;
      unconnected.onmessage = (message: JSONRPCMessage) => {
        const { id } = message as { id?: unknown };
        if (('result' in message || 'error' in message) && (typeof id === 'string' || typeof id === 'number')) pending.delete(id);
      };
    },
    /** Answers every request still waiting (the connection is gone). */
    settleAll() {
      settle([...pending]);
    },
  };
}
