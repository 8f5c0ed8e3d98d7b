import { useId, useRef, useState, type FormEvent, type KeyboardEvent, type Ref } from 'react';
import { useToolChatLabels } from './labels';

export interface ComposerProps {
  /** Called with the trimmed text; the input clears and keeps focus. */
  onSend: (text: string) => void;
  /** Called by Stop and by Escape while busy. */
  onStop?: (() => void) | undefined;
  /** While busy the Send button becomes Stop and Enter does not send. */
  busy?: boolean;
  /** Disables the input and both buttons. */
  disabled?: boolean;
  /** Controlled text; leave out for an uncontrolled composer. */
  value?: string;
  onValueChange?: (value: string) => void;
  placeholder?: string;
  autoFocus?: boolean;
  inputRef?: Ref<HTMLTextAreaElement>;
  className?: string;
}

/** The message input: Enter sends, Shift+Enter adds a line, Escape stops; Send turns into Stop while busy. */
export function Composer({
  onSend,
  onStop,
  busy = false,
  disabled = false,
  value: valueProp,
  onValueChange,
  placeholder,
  autoFocus,
  inputRef,
  className,
}: ComposerProps) {
  const labels = useToolChatLabels();
  const inputId = useId();
  const ownRef = useRef<HTMLTextAreaElement | null>(null);
  const [valueState, setValueState] = useState('');
  const value = valueProp ?? valueState;
  const setValue = (next: string) => {
    setValueState(next);
    onValueChange?.(next);
  };
  const canSend = !disabled && !busy && value.trim() !== '';

  const send = () => {
    if (!canSend) return;
    onSend(value.trim());
    setValue('');
    ownRef.current?.focus();
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) onStop?.();
    else send();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter while an IME composes a word confirms the word, it does not send.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    } else if (event.key === 'Escape' && busy) {
      event.preventDefault();
      onStop?.();
    }
  };
  const setRefs = (element: HTMLTextAreaElement | null) => {
    ownRef.current = element;
    if (typeof inputRef === 'function') inputRef(element);
    else if (inputRef) inputRef.current = element;
  };

  return (
    <form
      className={className ? `toolchat-composer ${className}` : 'toolchat-composer'}
      data-state={busy ? 'busy' : 'idle'}
      onSubmit={onSubmit}
    >
      <label htmlFor={inputId} className="toolchat-visually-hidden">
        {labels.composerLabel}
      </label>
      <textarea
        id={inputId}
        ref={setRefs}
        className="toolchat-input"
        rows={1}
        value={value}
        placeholder={placeholder ?? labels.inputPlaceholder}
        disabled={disabled}
        autoFocus={autoFocus}
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={onKeyDown}
      />
      {/* One button that changes role, so focus stays on it when Send becomes Stop and back. */}
      <button
        type="submit"
        className="toolchat-button"
        data-variant={busy ? 'stop' : 'primary'}
        disabled={busy ? disabled || !onStop : !canSend}
      >
        {busy ? labels.stop : labels.send}
      </button>
    </form>
  );
}
Composer.displayName = 'Composer';
