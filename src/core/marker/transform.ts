import type { ProviderMetadata, UIMessageChunk } from 'ai';
import { createToolMarkerParser, type MarkerEvent, type ToolMarkerParser } from './parser';

/**
 * @deprecated No longer emitted: a marker becomes a card only once its `"toolName"` has been
 * read, and the card has that name from the start.
 */
export const PENDING_TOOL_MARKER_NAME = 'tool_marker';
export { INVALID_TOOL_CALL_NAME } from './parser';

/**
 * Where a tool part came from, in its `toolMetadata.toolMarker`: `'streaming'` while the
 * call's parameters are arriving, `'parsed'` for a call, `'invalid'` for a call that failed.
 */
export type ToolMarkerState = 'streaming' | 'parsed' | 'invalid';

export interface ToolMarkerTransformOptions {
  /**
   * Makes the ids of the tool calls found in the text.
   * @default `call_` + 16 random characters
   */
  generateId?: () => string;
  /**
   * The browser's tools. A marker calling one becomes a static `tool-<name>` part, as a native
   * call through the AI SDK endpoint does; a marker naming anything else is a `dynamic-tool` part.
   * @default [] (every marker is a `dynamic-tool` part)
   */
  toolNames?: Iterable<string>;
}

interface TextPartState {
  parser: ToolMarkerParser;
  /** The upstream text part's id. */
  baseId: string;
  /** The id of the text part now being written downstream (a new one after each tool call). */
  id: string;
  open: boolean;
  segment: number;
  /** Whitespace not yet shown: dropped if a tool call follows, so cards are not separated by blank parts. */
  blank: string;
  providerMetadata: ProviderMetadata | undefined;
}

type Enqueue = (chunk: UIMessageChunk) => void;

/**
 * A stream stage that turns `###:` markers in text parts into structured tool chunks
 * (`tool-input-start` as soon as the marker has named its tool, then `tool-input-available`
 * or `tool-input-error` naming it), so the executor, rounds, cards and persistence treat them
 * like native tool calls. Calls to `toolNames` are static `tool-<name>` parts, others
 * `dynamic-tool`. The text of a call is never passed on; a `###:` that never names a tool stays
 * text, and no card or status waits on it. Other chunks pass through unchanged.
 *
 * @example
 * const chunks = stream.pipeThrough(createToolMarkerTransform());
 */
export function createToolMarkerTransform(
  options: ToolMarkerTransformOptions = {},
): TransformStream<UIMessageChunk, UIMessageChunk> {
  const texts = new Map<string, TextPartState>();
  const toolNames = new Set(options.toolNames);

  function emit(part: TextPartState, events: MarkerEvent[], enqueue: Enqueue): void {
    for (const event of events) {
      if (event.type === 'text') writeText(part, event.text, enqueue);
      else {
        closeSegment(part, enqueue);
        writeToolEvent(event, toolNames.has(event.toolName), enqueue);
      }
    }
  }

  function writeText(part: TextPartState, text: string, enqueue: Enqueue): void {
    if (!part.open) {
      if (text.trim() === '') {
        part.blank += text;
        return;
      }
      enqueue(withMetadata({ type: 'text-start', id: part.id }, part.providerMetadata));
      part.open = true;
      text = part.blank + text;
      part.blank = '';
    }
    enqueue({ type: 'text-delta', id: part.id, delta: text });
  }

  function closeSegment(part: TextPartState, enqueue: Enqueue, providerMetadata?: ProviderMetadata): void {
    part.blank = '';
    if (!part.open) return;
    enqueue(withMetadata({ type: 'text-end', id: part.id }, providerMetadata));
    part.open = false;
    part.segment++;
    part.id = `${part.baseId}~${part.segment}`;
  }

  function endPart(key: string, enqueue: Enqueue, providerMetadata?: ProviderMetadata): void {
    const part = texts.get(key);
    if (!part) return;
    texts.delete(key);
    emit(part, part.parser.end(), enqueue);
    closeSegment(part, enqueue, providerMetadata);
  }

  function endAll(enqueue: Enqueue): void {
    for (const key of [...texts.keys()]) endPart(key, enqueue);
  }

  const parserOptions = { emitToolCallStart: true, ...(options.generateId ? { generateId: options.generateId } : {}) };

  return new TransformStream<UIMessageChunk, UIMessageChunk>({
    transform(chunk, controller) {
      const enqueue: Enqueue = (c) => controller.enqueue(c);
      switch (chunk.type) {
        case 'text-start': {
          endPart(chunk.id, enqueue);
          texts.set(chunk.id, {
            parser: createToolMarkerParser(parserOptions),
            baseId: chunk.id,
            id: chunk.id,
            open: false,
            segment: 0,
            blank: '',
            providerMetadata: chunk.providerMetadata,
          });
          return;
        }
        case 'text-delta': {
          const part = texts.get(chunk.id);
          // A delta without its start is the upstream's mistake: let the AI SDK report it.
          if (!part) return enqueue(chunk);
          emit(part, part.parser.push(chunk.delta), enqueue);
          return;
        }
        case 'text-end': {
          if (!texts.has(chunk.id)) return enqueue(chunk);
          endPart(chunk.id, enqueue, chunk.providerMetadata);
          return;
        }
        case 'finish-step':
        case 'finish':
          endAll(enqueue);
          return enqueue(chunk);
        default:
          return enqueue(chunk);
      }
    },
    flush(controller) {
      endAll((c) => controller.enqueue(c));
    },
  });
}

/** The chunks of one marker event; the browser's own tools as static parts, as the AI SDK has them. */
function writeToolEvent(event: Exclude<MarkerEvent, { type: 'text' }>, browserTool: boolean, enqueue: Enqueue): void {
  const dynamic = browserTool ? {} : { dynamic: true as const };
  switch (event.type) {
    case 'tool-call-start':
      enqueue({
        type: 'tool-input-start',
        toolCallId: event.toolCallId,
        toolName: event.toolName,
        ...dynamic,
        toolMetadata: { toolMarker: 'streaming' },
      });
      return;
    case 'tool-call':
      enqueue({
        type: 'tool-input-available',
        toolCallId: event.toolCallId,
        toolName: event.toolName,
        input: event.input,
        ...dynamic,
        toolMetadata: { toolMarker: 'parsed' },
      });
      return;
    case 'error':
      enqueue({
        type: 'tool-input-error',
        toolCallId: event.toolCallId,
        toolName: event.toolName,
        input: event.raw,
        errorText: event.message,
        ...dynamic,
        toolMetadata: { toolMarker: 'invalid' },
      });
  }
}

function withMetadata<T extends UIMessageChunk>(chunk: T, providerMetadata: ProviderMetadata | undefined): T {
  return providerMetadata === undefined ? chunk : { ...chunk, providerMetadata };
}
