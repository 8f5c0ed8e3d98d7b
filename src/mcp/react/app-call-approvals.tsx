import { useCallback } from 'react';
import type { ToolChat } from '../../core/chat/create-tool-chat';
import type { ToolCallState } from '../../core/loop/call-state';
import type { ToolChatSnapshot } from '../../core/chat/types';
import { useToolTitles } from '../../react/components/tool-title';
import { useToolChatSelector } from '../../react/use-tool-chat';

const sameCalls = (a: readonly ToolCallState[], b: readonly ToolCallState[]) => a.length === b.length && a.every((call, i) => call === b[i]);

/**
 * The calls an MCP App made (`origin`) that wait for the user's approval, in the app's card,
 * each with its input, Approve and Deny: an app's call never runs unasked where the tool asks.
 */
export function AppCallApprovals({ chat, origin }: { chat: ToolChat; origin: string }) {
  const select = useCallback(
    (state: ToolChatSnapshot) => [...state.loop.calls.values()].filter((call) => call.origin === origin && call.phase === 'awaiting-approval'),
    [origin],
  );
  const waiting = useToolChatSelector(chat, select, sameCalls);
  const titles = useToolTitles(waiting.map((call) => call.toolName));
  if (waiting.length === 0) return null;
  return (
    <>
      {waiting.map((call, i) => (
        <div key={call.toolCallId} className="toolchat-mcp-app-call" role="group" aria-label={`The app asks to run ${titles[i]}`} data-state="awaiting-approval">
          <span>
            The app asks to run <strong>{titles[i]}</strong> with <code>{JSON.stringify(call.input)?.slice(0, 300)}</code>
          </span>
          <div className="toolchat-tool-actions">
            <button type="button" className="toolchat-button" data-variant="primary" onClick={() => chat.approve(call.toolCallId)}>
              Approve
            </button>
            <button type="button" className="toolchat-button" onClick={() => chat.deny(call.toolCallId)}>
              Deny
            </button>
          </div>
        </div>
      ))}
    </>
  );
}
AppCallApprovals.displayName = 'AppCallApprovals';
