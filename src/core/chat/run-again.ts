import type { AbstractChat, UIMessage } from 'ai';
import { getToolName, isToolUIPart } from './ui-part';
import type { ToolLoopCore } from '../loop/tool-loop-core';
import { INTERRUPTED_TOOL_ERROR } from '../storage/interrupted';
import type { ToolCall } from '../tools/types';

type Chat = AbstractChat<UIMessage>;

/**
 * Runs the last turn's calls that a reload cut off again, as if the model had just made them:
 * their parts go back to "input available" and the loop runs them, approval rules included;
 * their results then go to the model as usual.
 */
export function runCallsAgain(chat: Chat, loop: ToolLoopCore, toolCallIds: readonly string[]): void {
  const last = chat.messages.at(-1);
  if (last?.role !== 'assistant') return;
  const calls: ToolCall[] = [];
  const parts = last.parts.map((part) => {
    if (!isToolUIPart(part) || !toolCallIds.includes(part.toolCallId)) return part;
    if (part.state !== 'output-error' || part.errorText !== INTERRUPTED_TOOL_ERROR || loop.state.calls.has(part.toolCallId)) return part;
    calls.push({ toolCallId: part.toolCallId, toolName: getToolName(part), input: part.input });
    const { errorText: _interrupted, output: _none, ...rest } = part;
    return { ...rest, state: 'input-available' } as UIMessage['parts'][number];
  });
  if (calls.length === 0) return;
  chat.messages = [...chat.messages.slice(0, -1), { ...last, parts }];
  loop.resume();
  for (const toolCall of calls) loop.onToolCall({ toolCall });
}
