import type { ToolCallView } from '../types';
import { jsonText } from './json-text';
import { useToolChatLabels } from './labels';

/** An open card's details: the arguments' JSON (as they stream, pretty once complete) and the result. */
export function ToolCallDetails({ call }: { call: ToolCallView }) {
  const labels = useToolChatLabels();
  const streaming = call.phase === 'streaming-input';
  return (
    <>
      <div className="toolchat-tool-section">
        <div className="toolchat-tool-section-title">{labels.toolArguments}</div>
        <pre className="toolchat-tool-json" data-state={streaming ? 'streaming' : 'complete'}>
          {jsonText(call.input, !streaming)}
        </pre>
      </div>
      {call.error === undefined && 'output' in call && call.output !== undefined && (
        <div className="toolchat-tool-section" data-kind="result">
          <div className="toolchat-tool-section-title">{labels.toolResult}</div>
          <pre className="toolchat-tool-json">{jsonText(call.output, true)}</pre>
        </div>
      )}
    </>
  );
}
ToolCallDetails.displayName = 'ToolCallDetails';
