import type { UIMessage } from 'ai';
import { useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import type { ToolChat } from '../../core/chat/create-tool-chat';
import { usePartChat } from '../use-tool-chat';
import { useToolChatLabels } from './labels';

/** The picker to focus once a switch shows: its chat, its place in the thread, the version it shows, the button. */
let focusAfterSwitch: { chat: ToolChat; at: number; index: number; label: string } | undefined;

export interface BranchPickerProps {
  message: UIMessage;
}

/**
 * "Previous version", "N / M", "Next version" under a message that Edit or Regenerate gave
 * other versions: reads the chat from context (nothing outside one, in a read-only chat, or with one version).
 * Arrow keys move between versions too; the position is announced as it changes. Switching
 * asks the model nothing (`switchBranch`); while the chat works, it stops it first.
 */
export function BranchPicker({ message }: BranchPickerProps) {
  const chat = usePartChat();
  const labels = useToolChatLabels();
  const ref = useRef<HTMLDivElement>(null);
  // Read, not subscribed: a message's versions change only with the message itself (an edit
  // makes the edited message anew, a regenerate a new answer, a switch shows other rows), and
  // the row renders again then. Rows of a long thread listen to nothing while tokens stream.
  const { index, count } = chat.readOnly ? { index: 0, count: 1 } : chat.getBranches(message.id);
  const at = chat.readOnly ? -1 : chat.getState().messages.findIndex((candidate) => candidate.id === message.id);
  // The picker that shows the version chosen takes the focus as it commits: the row of another
  // version is another element, and it may commit after the switch settles (renders are paced).
  useLayoutEffect(() => {
    const wanted = focusAfterSwitch;
    if (!wanted || wanted.chat !== chat || wanted.at !== at || wanted.index !== index || !ref.current) return;
    focusAfterSwitch = undefined;
    const buttons = [...ref.current.querySelectorAll('button')].filter((button) => !button.disabled);
    (buttons.find((button) => button.getAttribute('aria-label') === wanted.label) ?? buttons[0])?.focus();
  });
  if (count < 2) return null;

  const show = (next: number, label: string) => {
    if (next < 0 || next >= count) return;
    const wanted = { chat, at, index: next, label };
    focusAfterSwitch = wanted;
    void chat.switchBranch(message.id, next).catch((error: unknown) => {
      if (focusAfterSwitch === wanted) focusAfterSwitch = undefined;
      chat.options.onError?.(error instanceof Error ? error : new Error(String(error)));
    });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'ArrowLeft') show(index - 1, labels.previousVersion);
    else if (event.key === 'ArrowRight') show(index + 1, labels.nextVersion);
    else return;
    event.preventDefault();
  };
  return (
    <div ref={ref} className="toolchat-branch-picker" role="group" aria-label={labels.versions} data-toolchat-versions-at={at} onKeyDown={onKeyDown}>
      <button type="button" className="toolchat-action" aria-label={labels.previousVersion} title={labels.previousVersion} disabled={index === 0} onClick={() => show(index - 1, labels.previousVersion)}>
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M15 6l-6 6 6 6" />
        </svg>
      </button>
      <span className="toolchat-branch-position" aria-live="polite" aria-atomic="true">
        {labels.versionOf(index + 1, count)}
      </span>
      <button type="button" className="toolchat-action" aria-label={labels.nextVersion} title={labels.nextVersion} disabled={index === count - 1} onClick={() => show(index + 1, labels.nextVersion)}>
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M9 6l6 6-6 6" />
        </svg>
      </button>
    </div>
  );
}
BranchPicker.displayName = 'BranchPicker';
