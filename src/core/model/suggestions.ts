import type { UIMessageChunk } from 'ai';
import { cleanSuggestions } from '../chat/suggestions';

/**
 * The kind of a model's custom content that offers follow-ups: `{ type: 'custom', kind:
 * 'toolchat.suggestions', providerMetadata: { toolchat: { suggestions: string[] } } }`. A model
 * (or a `wrapLanguageModel` middleware that asks for follow-ups) writes it; the answer gets a
 * `data-suggestions` part in its place.
 */
export const SUGGESTIONS_KIND = 'toolchat.suggestions';

/** The answer's stage that turns a model's follow-ups into the `data-suggestions` part the UI reads. */
export function suggestionsStage(): TransformStream<UIMessageChunk, UIMessageChunk> {
  return new TransformStream({
    transform(chunk, controller) {
      if (chunk.type !== 'custom' || chunk.kind !== SUGGESTIONS_KIND) {
        controller.enqueue(chunk);
        return;
      }
      const suggestions = cleanSuggestions(chunk.providerMetadata?.['toolchat']?.['suggestions']);
      if (suggestions.length > 0) controller.enqueue({ type: 'data-suggestions', data: suggestions });
    },
  });
}
