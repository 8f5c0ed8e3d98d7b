import { deriveActivity, isBusy } from '../loop/derive-activity';
import type { ToolLoopCore } from '../loop/tool-loop-core';
import { toolTitle } from '../tools/tool-title';
import { describeActivity, sameActivity, statusLabels } from './activity';
import type { ChatControl } from './chat-control';
import { isSending } from './chat-control';
import type { ToolChatState } from './chat-state';
import type { ResolvedToolChatOptions } from './options';
import type { ToolChatSnapshot } from './types';
import type { UIMessage } from 'ai';

export interface SnapshotSources {
  state: ToolChatState;
  loop: ToolLoopCore;
  options: ResolvedToolChatOptions;
  control: ChatControl;
}

/**
 * The chat's snapshot: the previous one while nothing in it changed, so a selector's result
 * (and React) can bail out by identity. Always the live state: the store's throttle decides
 * when subscribers look, not what they see.
 */
export interface SnapshotReader {
  (sources: SnapshotSources): ToolChatSnapshot;
  /**
   * Whether the loop itself works in the last snapshot read (a request, a stream, calls), not
   * counting the user's messages on their way: the last answer is then the one being written.
   */
  working(): boolean;
}

export function createSnapshotReader(): SnapshotReader {
  let previous: ToolChatSnapshot | undefined;
  let working = false;
  let control: ChatControl | undefined;
  let options: ResolvedToolChatOptions | undefined;
  let queued: readonly UIMessage[] = [];
  const read = (sources: SnapshotSources): ToolChatSnapshot => {
    const { state, loop } = sources;
    const messages = state.published();
    const { status, error } = state;
    const loopState = loop.state;
    if (
      previous &&
      previous.messages === messages &&
      previous.status === status &&
      previous.error === error &&
      previous.loop === loopState &&
      control === sources.control &&
      sameShown(options, sources.options)
    ) {
      return previous;
    }
    const sending = isSending(sources.control);
    if (sources.control.queued !== control?.queued) queued = sources.control.queued.map((entry) => entry.message);
    control = sources.control;
    options = sources.options;
    const { maxToolRounds, tools, labels, toolMarkers } = sources.options;
    const derived = deriveActivity({ status, error, messages, loop: loopState, next: loop.decide(messages), maxToolRounds });
    working = isBusy(derived);
    // A message on its way is a message being sent: never idle meanwhile.
    const withQueue = derived.state === 'idle' && sending ? { state: 'thinking' as const } : derived;
    let activity = describeActivity(withQueue, statusLabels(labels, toolMarkers), (name) => toolTitle(tools, name));
    // A stable object while nothing a reader sees changed.
    if (previous && sameActivity(activity, previous.activity)) activity = previous.activity;
    previous = {
      messages,
      status,
      error,
      activity,
      busy: isBusy(activity),
      loop: loopState,
      queuedMessages: queued,
      storage: sources.control.storage,
    };
    return previous;
  };
  return Object.assign(read, { working: () => working });
}

/**
 * Whether the options the snapshot shows are the same. Options arrive after every render of a
 * component that owns the chat (`setOptions`): only a change a reader sees makes a new snapshot.
 */
export function sameShown(a: ResolvedToolChatOptions | undefined, b: ResolvedToolChatOptions): boolean {
  return a !== undefined && a.labels === b.labels && a.toolMarkers === b.toolMarkers && a.maxToolRounds === b.maxToolRounds;
}
