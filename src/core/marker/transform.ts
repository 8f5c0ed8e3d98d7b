import type { ProviderMetadata, UIMessageChunk } from 'ai';
import { leadingToolName } from './leading-tool-name';
import { MarkerParser, type MarkerEvent } from './parser';

/** The tool name of a marker that names no valid tool; its card shows the format error. */
export const INVALID_TOOL_CALL_NAME = 'invalid_tool_call';

/**
 * Where a tool part came from, in its `toolMetadata.toolMarker`: `'streaming'` while the
 * marker's JSON is arriving, `'parsed'` for a call, `'invalid'` for a marker that failed.
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

/** A marker whose JSON is still arriving. */
interface OpenCall {
  toolCallId: string;
  /** Set once `tool-input-start` went out: the name it gave and the part type it chose. */
  started?: { toolName: string; dynamic: boolean };
  /** The start waits for the name; `false` once the marker turned out not to lead with it. */
  nameMayLead: boolean;
}

interface TextPartState {
  parser: MarkerParser;
  /** The upstream text part's id. */
  baseId: string;
  /** The id of the text part now being written downstream (a new one after each tool call). */
  id: string;
  open: boolean;
  segment: number;
  /** Whitespace not yet shown: dropped if a tool call follows, so cards are not separated by blank parts. */
  blank: string;
  providerMetadata: ProviderMetadata | undefined;
  call: OpenCall | undefined;
}

type Enqueue = (chunk: UIMessageChunk) => void;

/**
 * A stream stage that turns `###:` markers in text parts into structured tool chunks
 * (`tool-input-start` as soon as the marker has named its tool, then `tool-input-available` or
 * `tool-input-error`), so the executor, rounds, cards and persistence treat them like native
 * tool calls. Calls to `toolNames` are static `tool-<name>` parts, others `dynamic-tool`. The
 * marker text is never passed on; other chunks pass through unchanged.
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
      else if (event.type === 'tool-call-start') {
        closeSegment(part, enqueue);
        part.call = { toolCallId: event.toolCallId, nameMayLead: true };
      } else {
        closeSegment(part, enqueue);
        writeToolEnd(event, part.call?.toolCallId === event.toolCallId ? part.call.started : undefined, enqueue);
        part.call = undefined;
      }
    }
    startNamedCall(part, enqueue);
  }

  /** The card appears once the marker has named its tool, with the part type that name has. */
  function startNamedCall(part: TextPartState, enqueue: Enqueue): void {
    const call = part.call;
    if (!call || call.started || !call.nameMayLead) return;
    const toolName = leadingToolName(part.parser.openMarker);
    if (toolName === undefined) return;
    if (toolName === null) {
      call.nameMayLead = false;
      return;
    }
    call.started = { toolName, dynamic: !toolNames.has(toolName) };
    enqueue({
      type: 'tool-input-start',
      toolCallId: call.toolCallId,
      toolName,
      ...(call.started.dynamic && { dynamic: true }),
      toolMetadata: { toolMarker: 'streaming' },
    });
  }

  function writeToolEnd(event: Exclude<MarkerEvent, { type: 'text' | 'tool-call-start' }>, started: OpenCall['started'], enqueue: Enqueue): void {
    // A part keeps the type its start gave it; the AI SDK would add a second part otherwise.
    const dynamic = started ? started.dynamic : !toolNames.has(event.toolName ?? INVALID_TOOL_CALL_NAME);
    const kind = dynamic ? { dynamic: true as const } : {};
    if (event.type === 'tool-call') {
      enqueue({
        type: 'tool-input-available',
        toolCallId: event.toolCallId,
        toolName: event.toolName,
        input: event.input,
        ...kind,
        toolMetadata: { toolMarker: 'parsed' },
      });
      return;
    }
    enqueue({
      type: 'tool-input-error',
      toolCallId: event.toolCallId,
      // A marker that named its tool and then broke keeps the name on its card.
      toolName: event.toolName ?? started?.toolName ?? INVALID_TOOL_CALL_NAME,
      input: event.raw,
      errorText: event.message,
      ...kind,
      toolMetadata: { toolMarker: 'invalid' },
    });
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
            parser: new MarkerParser(parserOptions),
            baseId: chunk.id,
            id: chunk.id,
            open: false,
            segment: 0,
            blank: '',
            providerMetadata: chunk.providerMetadata,
            call: undefined,
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

function withMetadata<T extends UIMessageChunk>(chunk: T, providerMetadata: ProviderMetadata | undefined): T {
  return providerMetadata === undefined ? chunk : { ...chunk, providerMetadata };
}
