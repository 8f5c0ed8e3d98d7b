import type { UIMessage } from 'ai';
import type { KeyboardEvent } from 'react';
import { useOptionalToolChatContext } from '../use-tool-chat';
import { useToolChatLabels } from './labels';

export interface BranchPickerProps {
  message: UIMessage;
}

/**
 * "Previous version", "N / M", "Next version" under a message that Edit or Regenerate gave
 * other versions: reads the chat from context (nothing without one, or with one version).
 * Arrow keys move between versions too; the position is announced as it changes. Switching
 * asks the model nothing (`switchBranch`); while the chat works, it stops it first.
 */
export function BranchPicker({ message }: BranchPickerProps) {
  const chat = useOptionalToolChatContext();
  const labels = useToolChatLabels();
  // Read, not subscribed: a message's versions change only with the message itself (an edit
  // makes the edited message anew, a regenerate a new answer, a switch shows other rows), and
  // the row renders again then. Rows of a long thread listen to nothing while tokens stream.
  const { index, count } = chat ? chat.getBranches(message.id) : { index: 0, count: 1 };
  if (!chat || count < 2) return null;

  const show = (next: number, label: string) => {
    if (next < 0 || next >= count) return;
    // The row may be another element after the switch (another version is another message):
    // focus goes to the same button of the picker at the same place in the thread.
    const at = chat.getState().messages.findIndex((candidate) => candidate.id === message.id);
    void chat.switchBranch(message.id, next).then(
      () =>
        requestAnimationFrame(() => {
          const picker = document.querySelector<HTMLElement>(`[data-toolchat-versions-at="${at}"]`);
          const button = picker?.querySelector<HTMLButtonElement>(`button[aria-label="${label}"]:not(:disabled)`) ?? picker?.querySelector('button:not(:disabled)');
          button?.focus();
        }),
      (error: unknown) => chat.options.onError?.(error instanceof Error ? error : new Error(String(error))),
    );
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'ArrowLeft') show(index - 1, labels.previousVersion);
    else if (event.key === 'ArrowRight') show(index + 1, labels.nextVersion);
    else return;
    event.preventDefault();
  };
  const at = chat.getState().messages.findIndex((candidate) => candidate.id === message.id);
  return (
    <div className="toolchat-branch-picker" role="group" aria-label={labels.versions} data-toolchat-versions-at={at} onKeyDown={onKeyDown}>
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
