import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { usePartLabels, type DictationError } from '../part-labels';
import { languageAt, recognitionConstructor, type Recognition } from './support';

export interface DictationButtonProps {
  /** The composer's text: dictation adds to it. */
  value: string;
  /** Called with the text and what is heard so far, as it is heard. */
  onChange: (value: string) => void;
  disabled?: boolean | undefined;
}

const never = () => () => {};
const supported = () => recognitionConstructor() !== undefined;

/**
 * A microphone for the composer: the browser's speech recognition writes what the user says
 * after what is typed, in the language of the page around it (`lang`), until the user presses
 * it again, types, or sends. Renders nothing where the browser has no speech recognition.
 */
export function DictationButton({ value, onChange, disabled = false }: DictationButtonProps) {
  const labels = usePartLabels();
  const available = useSyncExternalStore(never, supported, () => false);
  const [listening, setListening] = useState(false);
  const [error, setError] = useState<DictationError | undefined>(undefined);
  const recognition = useRef<Recognition | undefined>(undefined);
  const button = useRef<HTMLButtonElement | null>(null);
  // What dictation last wrote: any other text means the user typed or sent, and dictation ends.
  const written = useRef<string | undefined>(undefined);
  const latest = useRef(onChange);
  useLayoutEffect(() => {
    latest.current = onChange;
  });
  useEffect(() => {
    if (written.current !== undefined && value !== written.current) recognition.current?.stop();
  }, [value]);
  useEffect(() => () => recognition.current?.abort(), []);
  useEffect(() => {
    if (disabled) recognition.current?.stop();
  }, [disabled]);
  if (!available) return null;

  const start = () => {
    const Recognition = recognitionConstructor();
    if (!Recognition) return;
    const listener = new Recognition();
    const lang = languageAt(button.current);
    if (lang) listener.lang = lang;
    listener.continuous = true;
    listener.interimResults = true;
    const before = value;
    written.current = value;
    listener.onresult = (event) => {
      let heard = '';
      for (let index = 0; index < event.results.length; index++) heard += event.results[index]?.[0]?.transcript ?? '';
      const next = joinText(before, heard.trim());
      written.current = next;
      latest.current(next);
    };
    listener.onerror = (event) => {
      // Stopped by the user, or by typing: nothing to say.
      if (event.error !== 'aborted') setError(errorKind(event.error));
    };
    listener.onend = () => {
      if (recognition.current === listener) recognition.current = undefined;
      written.current = undefined;
      setListening(false);
    };
    recognition.current = listener;
    setError(undefined);
    try {
      listener.start();
      setListening(true);
    } catch {
      recognition.current = undefined;
      written.current = undefined;
      setError('other');
    }
  };

  const label = listening ? labels.stopDictation : labels.dictate;
  return (
    <>
      <button
        ref={button}
        type="button"
        className="toolchat-dictate"
        aria-label={label}
        title={label}
        data-state={listening ? 'listening' : 'idle'}
        disabled={disabled}
        onClick={listening ? () => recognition.current?.stop() : start}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
          <rect x="9" y="3" width="6" height="11" rx="3" />
          <path d="M5.5 11a6.5 6.5 0 0 0 13 0" />
          <path d="M12 17.5V21" />
        </svg>
      </button>
      <span className="toolchat-dictation-status" role="status" data-state={error ? 'error' : listening ? 'listening' : 'idle'}>
        {error ? labels.dictationError(error) : listening ? labels.listening : ''}
      </span>
    </>
  );
}
DictationButton.displayName = 'DictationButton';

const WORD_END = /[\p{L}\p{N},.;:!?]$/u;
const WORD_START = /^[\p{L}\p{N}]/u;
/** Scripts written without spaces between words. */
const UNSPACED = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u;

/** The typed text, then what was heard, with a space between them where the language puts one. */
function joinText(before: string, heard: string): string {
  if (heard === '') return before;
  const space = WORD_END.test(before) && WORD_START.test(heard) && !UNSPACED.test(heard) && !UNSPACED.test(before.slice(-1));
  return before + (space ? ' ' : '') + heard;
}

function errorKind(error: string): DictationError {
  if (error === 'not-allowed' || error === 'service-not-allowed') return 'not-allowed';
  if (error === 'no-speech' || error === 'audio-capture') return error;
  return 'other';
}
