import type { Activity } from '../activity';
// The icon is decorative (the label says it in words): it loads after the chat mounts.
import { StatusIcon } from './lazy-parts';

export interface StatusIndicatorProps {
  activity: Activity;
  /**
   * Show the error state's label; turn off while an `ErrorBanner` already shows the error.
   * @default true
   */
  showError?: boolean;
  className?: string;
}

/**
 * What the whole loop is doing, in one polite live region. The region stays mounted when
 * idle (empty) so screen readers already track it when the next status arrives.
 */
export function StatusIndicator({ activity, showError = true, className }: StatusIndicatorProps) {
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
