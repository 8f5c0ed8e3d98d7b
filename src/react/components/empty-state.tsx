import type { ToolChatSnapshot } from '../../core/chat/types';
import { usePartChat, useStoreSelector } from '../use-tool-chat';
import { useToolChatLabels } from './labels';

const selectLoading = (state: ToolChatSnapshot) => state.storage === 'loading';

export interface EmptyStateProps {
  /** Prompts the user can send with one click. */
  suggestions?: readonly string[] | undefined;
  onSuggestion?: ((text: string) => void) | undefined;
  className?: string;
}

/**
 * What an empty chat shows: a greeting and clickable suggestions; while the chat's stored
 * conversation loads, a loading state instead (a stored chat never flashes the greeting).
 */
export function EmptyState({ suggestions = [], onSuggestion, className }: EmptyStateProps) {
  const labels = useToolChatLabels();
  // The chat in context (outside one, a read-only chat, which loads nothing).
  const loading = useStoreSelector(usePartChat(), selectLoading);
  return (
    <div className={className ? `toolchat-empty ${className}` : 'toolchat-empty'} {...(loading ? { 'data-state': 'loading', role: 'status' } : {})}>
      <p className="toolchat-empty-title">{loading ? labels.loadingConversation : labels.emptyState}</p>
      {!loading && suggestions.length > 0 && (
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
