import { useEffect, useState } from 'react';
import { lazyModule } from '../../core/lazy-module';
import { useToolChatLabels } from './labels';

// Reading an error's body for the retry rule is needed only for an `APICallError` that is not
// toolchat's own `ChatRequestError` (which knows): it loads then, out of the first load.
// Not loaded (offline): no Retry is offered this time, and the next error tries again.
const failures = lazyModule(() => import('../../core/loop/http-errors'));

// The AI SDK's `APICallError.isInstance`, which reads this marker: the class itself would bring
// the AI SDK's error classes into the first load for one check.
const API_CALL_ERROR = Symbol.for('vercel.ai.error.AI_APICallError');
const isAPICallError = (error: Error): boolean => (error as Error & Record<symbol, unknown>)[API_CALL_ERROR] === true;

/** `canRetry` of the error, at once where that needs no body read, else once the rule is loaded. */
function useCanRetry(error: Error): boolean {
  const own = (error as { retryable?: unknown }).retryable;
  const known = !isAPICallError(error) ? true : typeof own === 'boolean' ? own : undefined;
  const [read, setRead] = useState<{ error: Error; retry: boolean }>();
  useEffect(() => {
    if (known !== undefined) return;
    let live = true;
    failures.load().then(
      ({ canRetry }) => {
        if (live) setRead({ error, retry: canRetry(error) });
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [error, known]);
  return known ?? (read?.error === error && read.retry);
}

export interface ErrorBannerProps {
  error: Error;
  /**
   * Shows a Retry button when given and the request can succeed if sent again (a network error,
   * `408`, `429`, `5xx`; not `400`, `401`, `403`, `404`, `413`, `422`, a bad key, an exhausted quota).
   */
  onRetry?: (() => void) | undefined;
  /**
   * Announce the error at once with `role="alert"`; turn off when a live status region
   * already reads it (as in `ChatWrapper`).
   * @default true
   */
  announce?: boolean;
  className?: string;
}

/**
 * The request's error, with a way to try again where trying again can succeed (the rule of
 * `ChatRequestError`); announced at once (`role="alert"`).
 */
export function ErrorBanner({ error, onRetry, announce = true, className }: ErrorBannerProps) {
  const labels = useToolChatLabels();
  const retry = useCanRetry(error);
  return (
    <div role={announce ? 'alert' : undefined} className={className ? `toolchat-error ${className}` : 'toolchat-error'}>
      <span className="toolchat-error-message">{labels.error(error)}</span>
      {onRetry && retry && (
        <button type="button" className="toolchat-button" onClick={onRetry}>
          {labels.retry}
        </button>
      )}
    </div>
  );
}
ErrorBanner.displayName = 'ErrorBanner';
