import type { FileUIPart } from 'ai';
import {
  Suspense,
  lazy,
  useCallback,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type Ref,
} from 'react';
import type { AttachmentOptions, AttachmentTrayHandle } from './attachment-tray';
import type { ToolChatSnapshot } from '../../core/chat/types';
import { usePartChat, useStoreSelector } from '../use-tool-chat';
import { useToolChatLabels } from './labels';
import { DictationButton } from './lazy-chat-parts';

const selectBusy = (state: ToolChatSnapshot): boolean => state.busy;

// Only composers that take files load the tray.
const AttachmentTray = lazy(() => import('./attachment-tray').then((module) => ({ default: module.AttachmentTray })));

export interface ComposerProps {
  /**
   * Called with the trimmed text and, with `attachments` on, the attached files as the AI SDK's
   * file parts; the input clears and keeps focus. By default the message goes to the chat in
   * context (`sendMessage`).
   */
  onSend?: ((text: string, files?: FileUIPart[]) => void) | undefined;
  /**
   * Lets the user attach files: an "Attach files" button, paste and drop. `true` takes any file
   * up to 10 MiB, ten per message.
   * @default false
   */
  attachments?: boolean | AttachmentOptions | undefined;
  /** Called by Stop and by Escape while busy; by default the chat's `stop`. */
  onStop?: (() => void) | undefined;
  /** While busy the Send button becomes Stop and Enter does not send; by default the chat's `busy`. */
  busy?: boolean | undefined;
  /** Disables the input and both buttons. */
  disabled?: boolean;
  /** Controlled text; leave out for an uncontrolled composer. */
  value?: string;
  onValueChange?: (value: string) => void;
  placeholder?: string;
  autoFocus?: boolean;
  inputRef?: Ref<HTMLTextAreaElement>;
  /**
   * A microphone that writes what the user says into the input, where the browser has speech
   * recognition (hidden where it has not).
   * @default false
   */
  dictation?: boolean | undefined;
  className?: string;
}

/**
 * The message input: Enter sends, Shift+Enter adds a line, Escape stops; Send turns into Stop
 * while busy. The input grows with its text (up to a limit, then scrolls). With `attachments`,
 * files come by the button, by paste and by drop, and show as chips until sent.
 */
export function Composer({
  onSend: givenOnSend,
  onStop: givenOnStop,
  busy: givenBusy,
  disabled = false,
  value: valueProp,
  onValueChange,
  placeholder,
  autoFocus,
  inputRef,
  className,
  attachments = false,
  dictation = false,
}: ComposerProps) {
  const labels = useToolChatLabels();
  // The chat in context sends, stops and says whether it is busy, unless the app does.
  const chat = usePartChat();
  const chatBusy = useStoreSelector(chat, selectBusy);
  const busy = givenBusy ?? chatBusy;
  const onSend = givenOnSend ?? ((text: string, files?: FileUIPart[]) => void chat.sendMessage(files && files.length > 0 ? { text, files } : text));
  const onStop = givenOnStop ?? (chat.readOnly ? undefined : chat.stop);
  const inputId = useId();
  const ownRef = useRef<HTMLTextAreaElement | null>(null);
  const tray = useRef<AttachmentTrayHandle | null>(null);
  const [fileCount, setFileCount] = useState(0);
  const onCountChange = useCallback((count: number) => setFileCount(count), []);
  const [valueState, setValueState] = useState('');
  const value = valueProp ?? valueState;
  const setValue = (next: string) => {
    setValueState(next);
    onValueChange?.(next);
  };
  useLayoutEffect(() => autoGrow(ownRef.current), [value]);
  const canSend = !disabled && !busy && (value.trim() !== '' || fileCount > 0);

  const send = () => {
    if (!canSend) return;
    const text = value.trim();
    if (tray.current && fileCount > 0) void tray.current.take().then((files) => onSend(text, files));
    else onSend(text);
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
    // noValidate: the composer checks what it sends itself (`canSend`, the tray's files); the
    // browser's constraint validation has nothing to check (and jsdom would walk the whole page for it).
    <form
      className={className ? `toolchat-composer ${className}` : 'toolchat-composer'}
      data-state={busy ? 'busy' : 'idle'}
      onSubmit={onSubmit}
      noValidate
    >
      {attachments !== false && (
        <Suspense fallback={null}>
          <AttachmentTray
            options={attachments === true ? {} : attachments}
            disabled={disabled}
            onCountChange={onCountChange}
            handle={tray}
          />
        </Suspense>
      )}
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
      {dictation && <DictationButton value={value} onChange={setValue} disabled={disabled} />}
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

/**
 * Grows the input with its text where CSS cannot (`field-sizing: content` is Chromium's); the
 * stylesheet's `max-height` still caps it, and past that it scrolls.
 */
function autoGrow(input: HTMLTextAreaElement | null): void {
  if (!input || typeof CSS === 'undefined' || CSS.supports?.('field-sizing', 'content')) return;
  input.style.height = 'auto';
  input.style.height = `${input.scrollHeight + input.offsetHeight - input.clientHeight}px`;
}
