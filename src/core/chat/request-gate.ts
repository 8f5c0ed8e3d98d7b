import type { ChatTransport, UIMessage } from 'ai';
import type { ChatLife } from './chat-control';

/**
 * The transport a chat hands the AI SDK: every request, and every answer taken up again, first
 * waits at the gate, then goes through `stages` (the transport with the loop's stages, from the
 * loop's chunk). While nothing shows a chat that is not kept alive (`parked`), its requests
 * wait: nothing goes out after its component unmounted, whatever settles meanwhile, and
 * StrictMode's remount lets them go on. A disposed chat's requests end as aborted; a request
 * stopped meanwhile does not leave. The loop's chunk is there already: the AI SDK's chat that
 * calls this transport is made from it (`EngineSlot`), so no response (and no call) comes before it.
 */
export function gatedTransport(
  life: () => ChatLife,
  onLifeChange: (listener: () => void) => () => void,
  stages: () => ChatTransport<UIMessage>,
): ChatTransport<UIMessage> {
  async function gate(signal: AbortSignal | undefined): Promise<void> {
    while (life() === 'parked') {
      await new Promise<void>((resolve, reject) => {
        const abort = () => {
          stopWaiting();
          reject(signal?.reason);
        };
        const stopWaiting = onLifeChange(() => {
          stopWaiting();
          signal?.removeEventListener('abort', abort);
          resolve();
        });
        signal?.addEventListener('abort', abort, { once: true });
      });
    }
    if (life() === 'disposed') throw new DOMException('The chat was disposed.', 'AbortError');
    // Stopped while it waited: the request never leaves.
    signal?.throwIfAborted();
  }
  return {
    sendMessages: async (request) => {
      await gate(request.abortSignal);
      return stages().sendMessages(request);
    },
    reconnectToStream: async (request) => {
      await gate(request.abortSignal);
      return stages().reconnectToStream(request);
    },
  };
}
