import type { ReactNode, Ref } from 'react';

export interface ActionButtonProps {
  label: string;
  onClick: () => void;
  /** `data-state`, for styles. */
  state?: string | undefined;
  /** A toggle's state (`aria-pressed`); leave out for a plain button. */
  pressed?: boolean | undefined;
  /** The button element (a prop, not `ref`: React 18 keeps `ref` from function components). */
  buttonRef?: Ref<HTMLButtonElement> | undefined;
  /** The icon's SVG shapes, drawn in a 24×24 box with the current colour. */
  children: ReactNode;
}

/** An icon button of a message's bar, named by its label (also its tooltip). */
export function ActionButton({ label, onClick, state, pressed, buttonRef, children }: ActionButtonProps) {
  return (
    <button ref={buttonRef} type="button" className="toolchat-action" aria-label={label} title={label} data-state={state} aria-pressed={pressed} onClick={onClick}>
      <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
        {children}
      </svg>
    </button>
  );
}
