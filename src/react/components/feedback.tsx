import type { UIMessage } from 'ai';
import { useEffect, useId, useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import { createListeners } from '../../core/chat/listeners';
import { ActionButton } from './action-button';
import { usePartLabels, type FeedbackValue } from './part-labels';

/**
 * Told when the user rates an answer: at once with the thumb (`null` when they take it back),
 * and again with their comment if they write one. The last call for a message is its rating.
 */
export type FeedbackHandler = (messageId: string, value: FeedbackValue | null, comment?: string) => void;

export interface FeedbackButtonsProps {
  /** The answer being rated. */
  message: UIMessage;
  onFeedback: FeedbackHandler;
  /**
   * The rating to show (the app's record of it, for a restored conversation). Leave out and the
   * buttons remember the user's rating for the page's life.
   */
  value?: FeedbackValue | null | undefined;
}

// The page's ratings by message id: a row that scrolls out of a long thread and back keeps its thumb.
const ratings = new Map<string, FeedbackValue | null>();
const listeners = createListeners();
function rate(messageId: string, value: FeedbackValue | null) {
  ratings.set(messageId, value);
  listeners.emit();
}
const subscribe = (listener: () => void) => listeners.subscribe(listener);

/**
 * Thumbs up and down under an answer, then an optional comment (Enter or Send sends it; Escape
 * or Close leaves the rating as it is). A thumb pressed again takes the rating back.
 */
export function FeedbackButtons({ message, onFeedback, value }: FeedbackButtonsProps) {
  const labels = usePartLabels();
  const id = message.id;
  const remembered = useSyncExternalStore(subscribe, () => ratings.get(id) ?? null, () => null);
  const current = value === undefined ? remembered : value;
  const [stage, setStage] = useState<'idle' | 'comment' | 'sent'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const up = useRef<HTMLButtonElement | null>(null);
  const down = useRef<HTMLButtonElement | null>(null);
  // The comment's field goes away with focus in it: focus goes back to the thumb.
  const close = () => {
    setStage('idle');
    (current === 'down' ? down : up).current?.focus();
  };

  const choose = (thumb: FeedbackValue) => {
    const next = current === thumb ? null : thumb;
    rate(id, next);
    setStage(next === null ? 'idle' : 'comment');
    onFeedback(id, next);
  };
  const send = (comment: string) => {
    if (current === null) return;
    onFeedback(id, current, comment);
    setStage('sent');
    (current === 'down' ? down : up).current?.focus();
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setStage('idle'), 4000);
  };

  return (
    <div className="toolchat-feedback">
      <ActionButton buttonRef={up} label={labels.goodAnswer} pressed={current === 'up'} onClick={() => choose('up')}>
        <Thumb />
      </ActionButton>
      <ActionButton buttonRef={down} label={labels.badAnswer} pressed={current === 'down'} onClick={() => choose('down')}>
        <g transform="matrix(1 0 0 -1 0 24)">
          <Thumb />
        </g>
      </ActionButton>
      {stage === 'comment' && current !== null && <FeedbackComment value={current} onSend={send} onClose={close} />}
      <span className="toolchat-feedback-status" role="status">
        {stage === 'sent' ? labels.feedbackSent : ''}
      </span>
    </div>
  );
}
FeedbackButtons.displayName = 'FeedbackButtons';

function Thumb() {
  return (
    <>
      <path d="M3.5 10.5h3.5v9.5H3.5z" />
      <path d="M7 10.5 10.6 3.6c1.4 0 2.4 1.1 2.1 2.6l-.6 3.3h5.9a2 2 0 0 1 2 2.4l-1.2 6.4a2 2 0 0 1-2 1.7H7" />
    </>
  );
}

function FeedbackComment({ value, onSend, onClose }: { value: FeedbackValue; onSend: (comment: string) => void; onClose: () => void }) {
  const labels = usePartLabels();
  const id = useId();
  const [text, setText] = useState('');
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      if (text.trim() !== '') onSend(text.trim());
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    }
  };
  return (
    <form
      className="toolchat-feedback-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (text.trim() !== '') onSend(text.trim());
      }}
    >
      <label htmlFor={id} className="toolchat-feedback-label">
        {labels.feedbackComment(value)}
      </label>
      <textarea id={id} className="toolchat-input" rows={2} value={text} onChange={(event) => setText(event.target.value)} onKeyDown={onKeyDown} />
      <div className="toolchat-feedback-buttons">
        <button type="button" className="toolchat-button" onClick={onClose}>
          {labels.closeFeedback}
        </button>
        <button type="submit" className="toolchat-button" data-variant="primary" disabled={text.trim() === ''}>
          {labels.sendFeedback}
        </button>
      </div>
    </form>
  );
}
