import { EventType, type AGUIEvent, type RunFinishedEvent, type TokenUsage } from '@ag-ui/core';
import type { FinishReason, UIMessageChunk } from 'ai';
import { errorMessage } from '../../core/tools/errors';
import type { StreamUsage } from '../sse/metadata';
import type { UIChunkWriter } from '../sse/ui-chunk-writer';
import { parseArgs, resultOutput, runUsage } from './event-values';
import { applyJsonPatch } from './json-patch';
import { AG_UI_STATE_PART_ID } from './state';

interface PendingCall {
  id: string;
  name: string;
  args: string;
  /** Its arguments are complete (`TOOL_CALL_END`). */
  ended: boolean;
  /** A result came from the agent (`TOOL_CALL_RESULT`): the agent ran it. */
  done: boolean;
}

/**
 * The state machine from validated AG-UI events to UI message chunks, for one run.
 *
 * - Text and reasoning messages → text and reasoning parts (`*_CHUNK` shorthands too).
 * - A call to one of the browser's tools is complete at `TOOL_CALL_END`: the chat runs it and the
 *   next run carries its result. A call the agent runs itself is shown while its arguments stream
 *   and completes with its `TOOL_CALL_RESULT`, marked `providerExecuted` so the browser never runs
 *   it; one to a name nobody runs (no result by the end of the run) goes to the chat, which
 *   answers "not available", so every call gets exactly one result.
 * - `STATE_SNAPSHOT` / `STATE_DELTA` → the whole state in one `data-agui-state` part, which the
 *   next run sends back; `ACTIVITY_*` → `data-agui-activity` parts, `CUSTOM` → `data-agui-custom`.
 * - `RUN_ERROR`, an interrupt, or a stream that ends before `RUN_FINISHED` → a readable error.
 */
export class AgUiEventProcessor {
  private readonly calls = new Map<string, PendingCall>();
  /** The calls of the current step. */
  private stepCalls: PendingCall[] = [];
  /** The call a field-less `TOOL_CALL_CHUNK` continues. */
  private chunkCall: PendingCall | undefined;
  private state: unknown;
  private readonly activities = new Map<string, { activityType: string; content: unknown }>();
  private ended: 'finished' | 'error' | undefined;
  /** The AG-UI message the open text part belongs to: another message is another part. */
  private textMessageId: string | undefined;
  private usage: StreamUsage | undefined;
  private model: string | undefined;
  private failed = false;

  constructor(
    private readonly writer: UIChunkWriter,
    private readonly emit: (chunk: UIMessageChunk) => void,
    private readonly options: {
      /** The browser's tools for this run. */
      toolNames: ReadonlySet<string>;
      /** The state the run started from (what the request sent). */
      state: unknown;
    },
  ) {
    this.state = options.state;
  }

  process(event: AGUIEvent): void {
    // One request is one run: what an agent sends after its end is not part of the answer.
    if (this.ended) return;
    if (event.type !== EventType.TOOL_CALL_CHUNK) this.closeChunkCall();
    switch (event.type) {
      case EventType.TEXT_MESSAGE_START:
        this.textMessage(event.messageId);
        break;
      case EventType.TEXT_MESSAGE_CONTENT:
        this.textMessage(event.messageId);
        this.text(event.delta);
        break;
      case EventType.TEXT_MESSAGE_CHUNK:
        this.textMessage(event.messageId);
        this.text(event.delta ?? '');
        break;
      case EventType.TEXT_MESSAGE_END:
        this.writer.closeText();
        this.textMessageId = undefined;
        break;
      case EventType.REASONING_MESSAGE_CONTENT:
        this.reasoning(event.delta);
        break;
      case EventType.REASONING_MESSAGE_CHUNK:
        this.reasoning(event.delta ?? '');
        break;
      case EventType.REASONING_MESSAGE_END:
      case EventType.REASONING_END:
        this.writer.closeReasoning();
        break;
      case EventType.TOOL_CALL_START:
        this.startCall(event.toolCallId, event.toolCallName);
        break;
      case EventType.TOOL_CALL_ARGS:
        this.callArgs(event.toolCallId, event.delta, 'TOOL_CALL_ARGS');
        break;
      case EventType.TOOL_CALL_END:
        this.endCall(event.toolCallId, 'TOOL_CALL_END');
        break;
      case EventType.TOOL_CALL_CHUNK:
        this.callChunk(event.toolCallId, event.toolCallName, event.delta);
        break;
      case EventType.TOOL_CALL_RESULT:
        this.callResult(event.toolCallId, event.content);
        break;
      case EventType.STATE_SNAPSHOT:
        this.setState(event.snapshot);
        break;
      case EventType.STATE_DELTA:
        this.patch('STATE_DELTA', () => this.setState(applyJsonPatch(this.state, event.delta)));
        break;
      case EventType.ACTIVITY_SNAPSHOT: {
        const previous = this.activities.get(event.messageId);
        const content = event.replace === false && previous ? previous.content : event.content;
        this.setActivity(event.messageId, event.activityType, content);
        break;
      }
      case EventType.ACTIVITY_DELTA: {
        const previous = this.activities.get(event.messageId);
        this.patch('ACTIVITY_DELTA', () => this.setActivity(event.messageId, event.activityType, applyJsonPatch(previous?.content ?? {}, event.patch)));
        break;
      }
      case EventType.CUSTOM:
        this.emit({ type: 'data-agui-custom', data: { name: event.name, value: event.value } });
        break;
      case EventType.RUN_FINISHED:
        this.runFinished(event);
        break;
      case EventType.RUN_ERROR:
        this.readUsage(event.usage);
        this.fail(`The agent failed: ${event.message}${event.code ? ` (${event.code})` : ''}`);
        this.ended = 'error';
        break;
      default:
        // Run and step boundaries, raw events, message snapshots (the chat owns its messages),
        // encrypted reasoning and subagents have nothing to show.
        break;
    }
  }

  /** An event that could not be read: say so in the chat, keep reading the rest. */
  fail(message: string): void {
    this.failed = true;
    this.writer.error(message);
  }

  /** The stream ended: complete what is pending and finish the response. */
  end(): void {
    this.closeChunkCall();
    if (!this.ended) this.fail('The agent\'s event stream ended before RUN_FINISHED: the answer may be incomplete.');
    for (const call of this.calls.values()) {
      if (call.done || (call.ended && this.options.toolNames.has(call.name))) continue;
      if (!call.ended) {
        this.emit({
          type: 'tool-input-error',
          toolCallId: call.id,
          toolName: call.name,
          input: call.args,
          errorText: `The agent's stream ended before the arguments of tool "${call.name}" were complete; it was not run.`,
          ...this.kind(call.name),
        });
      } else {
        // Nobody ran it: the chat answers it (a tool it does not have is "not available").
        this.writer.toolInput(call.id, call.name, { json: call.args });
      }
    }
    this.writer.finish({ finishReason: this.finishReason(), ...(this.usage && { usage: this.usage }), ...(this.model && { model: this.model }) });
  }

  private finishReason(): FinishReason {
    if (this.failed) return 'error';
    for (const call of this.calls.values()) if (!call.done) return 'tool-calls';
    return 'stop';
  }

  private kind(toolName: string): { dynamic?: true } {
    return this.options.toolNames.has(toolName) ? {} : { dynamic: true };
  }

  /**
   * What the agent says after its own tools' results is a step of its own, as `streamText` makes
   * it: a last step that holds only calls the agent ran and answered would send them back to it.
   * A step with a call the browser still has to run is never split, so its result goes back.
   */
  private continueAfterResults(): void {
    if (this.stepCalls.length === 0 || !this.stepCalls.every((call) => call.done)) return;
    this.writer.closeText();
    this.writer.closeReasoning();
    this.textMessageId = undefined;
    this.emit({ type: 'finish-step' });
    this.emit({ type: 'start-step' });
    this.stepCalls = [];
  }

  private text(delta: string): void {
    if (delta === '') return;
    this.continueAfterResults();
    this.writer.text(delta);
  }

  private reasoning(delta: string): void {
    if (delta === '') return;
    this.continueAfterResults();
    this.writer.reasoning(delta);
  }

  /** Text of another message than the open one starts a part of its own. */
  private textMessage(messageId: string | undefined): void {
    if (messageId === undefined || messageId === this.textMessageId) return;
    this.writer.closeText();
    this.textMessageId = messageId;
  }

  private startCall(id: string, name: string): PendingCall | undefined {
    if (this.calls.has(id)) return this.calls.get(id);
    this.continueAfterResults();
    const call: PendingCall = { id, name, args: '', ended: false, done: false };
    this.calls.set(id, call);
    this.stepCalls.push(call);
    // Text after a call is a part of its own, after the call, as the agent said it.
    this.writer.closeText();
    this.writer.closeReasoning();
    this.textMessageId = undefined;
    this.writer.toolInputStart(id, name);
    return call;
  }

  private callArgs(id: string, delta: string, eventName: string): void {
    const call = this.calls.get(id);
    if (!call) return this.fail(`The agent sent ${eventName} for a tool call that never started (${id}).`);
    if (call.ended) return;
    call.args += delta;
    this.writer.toolInputDelta(id, delta);
  }

  private endCall(id: string, eventName: string): void {
    const call = this.calls.get(id);
    if (!call) return this.fail(`The agent sent ${eventName} for a tool call that never started (${id}).`);
    if (call.ended) return;
    call.ended = true;
    // The browser's own tools run as soon as their input is complete; the others wait for a result.
    if (this.options.toolNames.has(call.name)) this.writer.toolInput(call.id, call.name, { json: call.args });
  }

  private callChunk(id: string | undefined, name: string | undefined, delta: string | undefined): void {
    if (id !== undefined && id !== this.chunkCall?.id) {
      this.closeChunkCall();
      const existing = this.calls.get(id);
      if (existing) this.chunkCall = existing;
      else if (name !== undefined) this.chunkCall = this.startCall(id, name);
      else return this.fail(`The agent sent TOOL_CALL_CHUNK for a new tool call (${id}) without its tool name.`);
    }
    if (!this.chunkCall) return this.fail('The agent sent TOOL_CALL_CHUNK without a tool call to continue.');
    this.callArgs(this.chunkCall.id, delta ?? '', 'TOOL_CALL_CHUNK');
  }

  private closeChunkCall(): void {
    const call = this.chunkCall;
    this.chunkCall = undefined;
    if (call) this.endCall(call.id, 'TOOL_CALL_CHUNK');
  }

  private callResult(id: string, content: unknown): void {
    const call = this.calls.get(id);
    // A result for a call of an earlier run, or for a browser tool, is not the agent's to give.
    if (!call || call.done || this.options.toolNames.has(call.name)) return;
    if (!call.ended) this.endCall(id, 'TOOL_CALL_RESULT');
    call.done = true;
    const meta = { providerExecuted: true, ...this.kind(call.name) };
    const input = parseArgs(call.args);
    this.emit({ type: 'tool-input-available', toolCallId: id, toolName: call.name, input, ...meta });
    this.emit({ type: 'tool-output-available', toolCallId: id, output: resultOutput(content), ...meta });
  }

  private setState(state: unknown): void {
    this.state = state;
    this.emit({ type: 'data-agui-state', id: AG_UI_STATE_PART_ID, data: state });
  }

  private setActivity(messageId: string, activityType: string, content: unknown): void {
    this.activities.set(messageId, { activityType, content });
    this.emit({ type: 'data-agui-activity', id: messageId, data: { activityType, content } });
  }

  private patch(eventName: string, apply: () => void): void {
    try {
      apply();
    } catch (error) {
      this.fail(`The agent sent a ${eventName} that does not apply: ${errorMessage(error)}`);
    }
  }

  private readUsage(entries: TokenUsage[] | undefined): void {
    const read = runUsage(entries);
    if (!read) return;
    this.usage = read.usage;
    this.model = read.model;
  }

  private runFinished(event: RunFinishedEvent): void {
    this.ended = 'finished';
    this.readUsage(event.usage);
    if (event.outcome?.type === 'interrupt') {
      const reasons = event.outcome.interrupts.map((i) => i.message ?? i.reason).join('; ');
      this.fail(`The agent paused for input toolchat cannot give (an AG-UI interrupt: ${reasons}).`);
    }
  }
}
