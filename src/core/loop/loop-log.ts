import { errorMessage } from '../tools/errors';
import { formatLoopEvent, type LoopEndReason, type LoopUsage, type ToolLoopEvent } from './events';
import type { ToolLoopOptions } from './tool-loop-options';

/**
 * The loop's accounting and event log: the round in progress, the tokens used this turn, and
 * whether a loop is running, so `loop-end` comes exactly once per loop.
 */
export class LoopLog {
  round = 0;
  tokensUsed = 0;
  #usage: LoopUsage | undefined;
  #active = false;

  constructor(private readonly getOptions: () => ToolLoopOptions) {}

  now(): number {
    return (this.getOptions().now ?? Date.now)();
  }

  startRound(round: number, final: 'max-rounds' | 'budget' | undefined): void {
    this.#active = true;
    this.round = round;
    this.#usage = undefined;
    this.emit({ type: 'round-start', at: this.now(), round, toolsDisabled: final !== undefined, ...(final ? { final } : {}) });
  }

  recordUsage(usage: LoopUsage): void {
    this.#usage = usage;
  }

  /** Ends the round in progress; false when no loop is running. */
  endRound(toolCalls: number): boolean {
    if (!this.#active) return false;
    const usage = this.#usage;
    this.#usage = undefined;
    this.tokensUsed += usage?.totalTokens ?? 0;
    this.emit({ type: 'round-end', at: this.now(), round: this.round, toolCalls, ...(usage ? { usage } : {}) });
    return true;
  }

  endLoop(reason: LoopEndReason): LoopEndReason | undefined {
    if (!this.#active) return undefined;
    this.#active = false;
    this.emit({ type: 'loop-end', at: this.now(), reason, rounds: this.round, totalTokens: this.tokensUsed });
    return reason;
  }

  emit(event: ToolLoopEvent): void {
    const options = this.getOptions();
    if (options.debug) console.debug(formatLoopEvent(event));
    this.call('onEvent', () => options.onEvent?.(event));
  }

  /** App callbacks must not break the loop. */
  call(name: string, callback: () => void): void {
    try {
      callback();
    } catch (error) {
      console.error(`toolchat: ${name} threw`, errorMessage(error));
    }
  }
}
