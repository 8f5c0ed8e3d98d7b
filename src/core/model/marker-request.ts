import type { UIMessage } from 'ai';
import { toolMarkerPrompt } from '../marker/prompt';
import { toTextOnlyMessages } from '../marker/text-only-messages';
import type { ToolSchemas } from '../tools/types';

/**
 * A request for a text-only model: the conversation as text (markers kept, results as user
 * lines), the tools described in the system prompt instead of sent natively, and on the
 * forced final round a prompt that offers none.
 */
export function toMarkerRequest(request: {
  messages: UIMessage[];
  tools?: ToolSchemas;
  toolsDisabled?: boolean;
  system?: string;
  /** The form of the tools' prompt (see `toolMarkerPrompt`). */
  promptStyle?: 'full' | 'compact';
}): { modelMessages: UIMessage[]; system: string } {
  const prompt = toolMarkerPrompt(
    request.toolsDisabled ? {} : (request.tools ?? {}),
    request.promptStyle === undefined ? {} : { style: request.promptStyle },
  );
  return {
    modelMessages: toTextOnlyMessages(request.messages),
    system: request.system ? `${request.system}\n\n${prompt}` : prompt,
  };
}
