import type { ReactNode } from 'react';
import type { ActivityState } from '../../core/loop/activity';

/**
 * The status's icon, drawn as SVG so it needs no emoji font; `currentColor`, decorative
 * (the label says the same in words).
 */
export function StatusIcon({ state }: { state: ActivityState }) {
  switch (state) {
    case 'idle':
      return null;
    case 'executing':
    case 'waiting-for-tool-input':
      return (
        <Icon>
          {/* A wrench. */}
          <path d="M14.7 6.3a4 4 0 0 0-5.4 5.1L3.6 17.1a1.5 1.5 0 0 0 2.1 2.1l5.7-5.7a4 4 0 0 0 5.1-5.4l-2.4 2.4-2-.6-.6-2 2.4-2.4z" />
        </Icon>
      );
    case 'awaiting-approval':
      return (
        <Icon>
          {/* A shield: the user decides. */}
          <path d="M12 3 5 6v5c0 4.4 3 8.2 7 9.5 4-1.3 7-5.1 7-9.5V6l-7-3z" />
          <path d="M9.5 12l1.8 1.8 3.4-3.6" />
        </Icon>
      );
    case 'error':
      return (
        <Icon>
          <circle cx="12" cy="12" r="9" />
          <path d="M12 7.5v5.5M12 16.2v.3" />
        </Icon>
      );
    default:
      // Thinking, writing, finalizing: the spinner.
      return <span className="toolchat-status-spinner" aria-hidden="true" />;
  }
}

function Icon({ children }: { children: ReactNode }) {
  return (
    <svg
      className="toolchat-status-icon"
      viewBox="0 0 24 24"
      width="16"
      height="16"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}
