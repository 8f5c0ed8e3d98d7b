import type { UIMessage } from 'ai';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { createListeners } from '../../../core/chat/listeners';
import { ActionButton } from '../action-button';
import { messageMarkdown } from '../message-markdown';
import { usePartLabels } from '../part-labels';
import { speechChunks, speechText } from './speech-text';
import { canSpeak, languageAt } from './support';

export interface ReadAloudButtonProps {
  /** The answer to read. */
  message: UIMessage;
}

// The page speaks one answer at a time: the message being read, for every button to show.
let speaking: string | undefined;
const listeners = createListeners();
const subscribe = (listener: () => void) => listeners.subscribe(listener);
const setSpeaking = (id: string | undefined) => {
  speaking = id;
  listeners.emit();
};

function stop(): void {
  window.speechSynthesis.cancel();
  setSpeaking(undefined);
}

/**
 * Reads an answer aloud with the browser's speech synthesis, in the language of the page around
 * it (`lang`), and stops it; reading another answer stops this one. Renders nothing where the
 * browser cannot speak.
 */
export function ReadAloudButton({ message }: ReadAloudButtonProps) {
  const labels = usePartLabels();
  const id = message.id;
  const reading = useSyncExternalStore(subscribe, () => speaking === id, () => false);
  const ref = useRef<HTMLButtonElement | null>(null);
  // A row that goes away while it speaks (a new chat, a deleted message) stops speaking.
  useEffect(() => () => {
    if (speaking === id) stop();
  }, [id]);
  if (!canSpeak()) return null;
  const text = speechText(messageMarkdown(message));
  if (text === '') return null;

  const read = () => {
    const synthesis = window.speechSynthesis;
    synthesis.cancel();
    const lang = languageAt(ref.current);
    const chunks = speechChunks(text);
    chunks.forEach((chunk, index) => {
      const utterance = new SpeechSynthesisUtterance(chunk);
      if (lang) utterance.lang = lang;
      if (index === chunks.length - 1) utterance.onend = () => speaking === id && setSpeaking(undefined);
      // `cancel()` ends the others with an error ("interrupted"), which is not ours to report.
      utterance.onerror = () => speaking === id && setSpeaking(undefined);
      synthesis.speak(utterance);
    });
    setSpeaking(id);
  };

  return (
    <ActionButton buttonRef={ref} label={reading ? labels.stopReading : labels.readAloud} state={reading ? "reading" : undefined} onClick={reading ? stop : read}>
      {reading ? (
        <rect x="6.5" y="6.5" width="11" height="11" rx="1.5" />
      ) : (
        <>
          <path d="M4 9.5h3.5L12 5.5v13l-4.5-4H4z" />
          <path d="M15.5 9a4.5 4.5 0 0 1 0 6" />
          <path d="M18 6.5a8 8 0 0 1 0 11" />
        </>
      )}
    </ActionButton>
  );
}
ReadAloudButton.displayName = 'ReadAloudButton';
