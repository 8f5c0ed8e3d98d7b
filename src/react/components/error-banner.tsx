import { canRetry } from '../../core/loop/http-errors';
import { useToolChatLabels } from './labels';

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
  return (
    <div role={announce ? 'alert' : undefined} className={className ? `toolchat-error ${className}` : 'toolchat-error'}>
      <span className="toolchat-error-message">{labels.error(error)}</span>
      {onRetry && canRetry(error) && (
        <button type="button" className="toolchat-button" onClick={onRetry}>
          {labels.retry}
        </button>
      )}
    </div>
  );
}
ErrorBanner.displayName = 'ErrorBanner';
