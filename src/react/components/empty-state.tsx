import { useToolChatLabels } from './labels';

export interface EmptyStateProps {
  /** Prompts the user can send with one click. */
  suggestions?: readonly string[] | undefined;
  onSuggestion?: ((text: string) => void) | undefined;
  className?: string;
}

/** What an empty chat shows: a greeting and clickable suggestions. */
export function EmptyState({ suggestions = [], onSuggestion, className }: EmptyStateProps) {
  const labels = useToolChatLabels();
  return (
    <div className={className ? `toolchat-empty ${className}` : 'toolchat-empty'}>
      <p className="toolchat-empty-title">{labels.emptyState}</p>
      {suggestions.length > 0 && (
        <ul className="toolchat-suggestions" aria-label={labels.suggestions}>
          {suggestions.map((suggestion) => (
            <li key={suggestion}>
              <button
                type="button"
                className="toolchat-suggestion"
                disabled={!onSuggestion}
                onClick={() => onSuggestion?.(suggestion)}
              >
                {suggestion}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
EmptyState.displayName = 'EmptyState';
