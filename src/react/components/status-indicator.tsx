import type { ToolChatSnapshot } from '../../core/chat/types';
import type { Activity } from '../activity';
import { usePartChat, useStoreSelector } from '../use-tool-chat';
// The icon is decorative (the label says it in words): it loads after the chat mounts.
import { StatusIcon } from './lazy-parts';

export interface StatusIndicatorProps {
  /** What to show; by default the activity of the chat in context. */
  activity?: Activity | undefined;
  /**
   * Show the error state's label; turn off while an `ErrorBanner` already shows the error.
   * @default true
   */
  showError?: boolean;
  className?: string;
}

const selectActivity = (state: ToolChatSnapshot): Activity => state.activity;

/**
 * What the whole loop is doing, in one polite live region. The region stays mounted when
 * idle (empty) so screen readers already track it when the next status arrives.
 */
export function StatusIndicator({ activity: given, showError = true, className }: StatusIndicatorProps) {
  const selected = useStoreSelector(usePartChat(), selectActivity);
  const activity = given ?? selected;
  const idle = activity.state === 'idle' || (activity.state === 'error' && !showError);
  return (
    <div
      role="status"
      aria-live="polite"
      aria-atomic="true"
      className={className ? `toolchat-status ${className}` : 'toolchat-status'}
      data-state={activity.state}
    >
      {!idle && (
        <>
          <StatusIcon state={activity.state} />
          <span className="toolchat-status-label">{activity.label}</span>
        </>
      )}
    </div>
  );
}
StatusIndicator.displayName = 'StatusIndicator';
