// The Web Speech API as the page has it: detected, never assumed. Chromium and Safari have both
// halves (recognition as `webkitSpeechRecognition`); Firefox has synthesis only.

/** The part of `SpeechRecognition` dictation uses (lib.dom does not type it yet). */
export interface Recognition {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  start(): void;
  stop(): void;
  abort(): void;
  onresult: ((event: RecognitionResultEvent) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
}

export interface RecognitionResultEvent {
  resultIndex: number;
  results: ArrayLike<ArrayLike<{ transcript: string }> & { isFinal: boolean }>;
}

type RecognitionConstructor = new () => Recognition;

/** The page's speech recognition, or undefined where there is none. */
export function recognitionConstructor(): RecognitionConstructor | undefined {
  if (typeof window === 'undefined') return undefined;
  const scope = window as unknown as { SpeechRecognition?: RecognitionConstructor; webkitSpeechRecognition?: RecognitionConstructor };
  return scope.SpeechRecognition ?? scope.webkitSpeechRecognition;
}

/** Whether the page can speak (`speechSynthesis`). */
export function canSpeak(): boolean {
  return typeof window !== 'undefined' && 'speechSynthesis' in window && typeof window.SpeechSynthesisUtterance === 'function';
}

/** The language of the text around `element` (its nearest `lang`), or '' to let the browser choose. */
export function languageAt(element: Element | null): string {
  const owner = element?.closest('[lang]');
  return owner?.getAttribute('lang') ?? (typeof document === 'undefined' ? '' : document.documentElement.lang);
}
