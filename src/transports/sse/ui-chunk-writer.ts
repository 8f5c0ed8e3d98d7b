import type { ProviderMetadata, UIMessageChunk } from 'ai';
import { errorMessage } from '../../core/tools/errors';
import type { StreamMetadata } from './metadata';

/** A tool call's input as the wire delivers it: JSON text to parse, or an already parsed value. */
export type WireToolInput = { json: string } | { value: unknown };

/**
 * Calls to the browser's own tools are static (`tool-<name>` parts), as `streamText` makes them
 * on the AI SDK endpoint; calls to any other name stay `dynamic-tool`, so a UI that handles one
 * transport's parts handles them all.
 */
function toolPartKind(toolNames: ReadonlySet<string>, toolName: string): { dynamic?: true } {
  return toolNames.has(toolName) ? {} : { dynamic: true };
}

/**
 * Writes well-formed UI message chunks for one response: `start`/`start-step` first, every text or
 * reasoning part opened before its deltas and closed before `finish-step`, then `finish`. Each wire
 * parser only says what it saw; this keeps the AI SDK's ordering rules in one place.
 */
export class UIChunkWriter {
  private textId: string | undefined;
  private reasoningId: string | undefined;
  private finished = false;

  constructor(
    private readonly emit: (chunk: UIMessageChunk) => void,
    private readonly generateId: () => string,
    /** The browser's tools: their calls become static parts (see `toolPartKind`). */
    private readonly toolNames: ReadonlySet<string> = new Set(),
  ) {}

  /** A chunk the writer has no method for (data parts, a result the server ran), as it is. */
  readonly emitChunk = (chunk: UIMessageChunk): void => this.emit(chunk);

  start(): void {
    this.emit({ type: 'start' });
    this.emit({ type: 'start-step' });
  }

  text(delta: string): void {
    if (delta === '') return;
    this.closeReasoning();
    if (this.textId === undefined) {
      this.textId = this.generateId();
      this.emit({ type: 'text-start', id: this.textId });
    }
    this.emit({ type: 'text-delta', id: this.textId, delta });
  }

  reasoning(delta: string): void {
    if (delta === '') return;
    this.closeText();
    if (this.reasoningId === undefined) {
      this.reasoningId = this.generateId();
      this.emit({ type: 'reasoning-start', id: this.reasoningId });
    }
    this.emit({ type: 'reasoning-delta', id: this.reasoningId, delta });
  }

  closeText(): void {
    if (this.textId === undefined) return;
    this.emit({ type: 'text-end', id: this.textId });
    this.textId = undefined;
  }

  closeReasoning(): void {
    if (this.reasoningId === undefined) return;
    this.emit({ type: 'reasoning-end', id: this.reasoningId });
    this.reasoningId = undefined;
  }

  toolInputStart(toolCallId: string, toolName: string, providerMetadata?: ProviderMetadata): void {
    const kind = toolPartKind(this.toolNames, toolName);
    this.emit({ type: 'tool-input-start', toolCallId, toolName, ...kind, ...(providerMetadata && { providerMetadata }) });
  }

  toolInputDelta(toolCallId: string, inputTextDelta: string): void {
    if (inputTextDelta !== '') this.emit({ type: 'tool-input-delta', toolCallId, inputTextDelta });
  }

  /**
   * The call is complete. Unparseable JSON becomes a `tool-input-error` the chat shows and sends
   * back to the model, instead of an exception that would end the conversation.
   */
  toolInput(toolCallId: string, toolName: string, input: WireToolInput, providerMetadata?: ProviderMetadata): void {
    const meta = { ...toolPartKind(this.toolNames, toolName), ...(providerMetadata && { providerMetadata }) };
    if ('value' in input) {
      this.emit({ type: 'tool-input-available', toolCallId, toolName, input: input.value, ...meta });
      return;
    }
    const parsed = parseToolArguments(input.json);
    if (parsed.ok) {
      this.emit({ type: 'tool-input-available', toolCallId, toolName, input: parsed.value, ...meta });
    } else {
      const errorText = `Invalid JSON in the arguments of tool "${toolName}": ${parsed.message}. The arguments were: ${input.json}`;
      this.emit({ type: 'tool-input-error', toolCallId, toolName, input: input.json, errorText, ...meta });
    }
  }

  error(errorText: string): void {
    this.emit({ type: 'error', errorText });
  }

  /** Ends the response once; later calls do nothing, so a parser may call it on every way out. */
  finish(metadata: StreamMetadata): void {
    if (this.finished) return;
    this.finished = true;
    this.closeText();
    this.closeReasoning();
    this.emit({ type: 'finish-step' });
    const messageMetadata: StreamMetadata = {};
    if (metadata.usage) messageMetadata.usage = metadata.usage;
    if (metadata.finishReason) messageMetadata.finishReason = metadata.finishReason;
    if (metadata.model) messageMetadata.model = metadata.model;
    if (Object.keys(messageMetadata).length > 0) this.emit({ type: 'message-metadata', messageMetadata });
    this.emit({ type: 'finish', ...(metadata.finishReason && { finishReason: metadata.finishReason }) });
  }
}

/** Empty arguments mean a call without parameters: several servers send `""` for those. */
function parseToolArguments(json: string): { ok: true; value: unknown } | { ok: false; message: string } {
  if (json.trim() === '') return { ok: true, value: {} };
  try {
    return { ok: true, value: JSON.parse(json) };
  } catch (error) {
    return { ok: false, message: errorMessage(error) };
  }
}
