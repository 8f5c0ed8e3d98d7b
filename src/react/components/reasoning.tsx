import { memo } from 'react';
import { useToolChatLabels } from './labels';

export interface ReasoningProps {
  text: string;
  /** True while the model is still reasoning. */
  streaming?: boolean;
  className?: string;
}

/** The model's reasoning, folded under "Thinking…" so the answer stays in front. */
export const Reasoning = memo(function Reasoning({ text, streaming = false, className }: ReasoningProps) {
  const labels = useToolChatLabels();
  return (
    <details
      className={className ? `toolchat-reasoning ${className}` : 'toolchat-reasoning'}
      data-state={streaming ? 'streaming' : 'done'}
    >
      <summary>{streaming ? labels.reasoning : labels.reasoningDone}</summary>
      <div className="toolchat-reasoning-text">{text}</div>
    </details>
  );
});
Reasoning.displayName = 'Reasoning';
