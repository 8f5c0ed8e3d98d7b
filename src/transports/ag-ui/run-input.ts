import type { AssistantMessage, ContentPart, Context, Message, RunAgentInput, Tool, ToolCall } from '@ag-ui/core';
import { getToolName, isToolUIPart, type FileUIPart, type UIMessage } from 'ai';
import * as z from 'zod';
import { messageText, outputJSON, parseDataURL, resultOf } from '../../core/formats/ui-parts';

// Mirrors `ToolChatRequestBody`; other fields of the chat's request body are not the agent's business.
const toolChatBodySchema = z
  .object({
    tools: z.record(z.string(), z.object({ description: z.string().optional(), inputSchema: z.unknown() })).optional(),
    toolsDisabled: z.boolean().optional(),
  })
  .passthrough();

/**
 * The browser's tools in toolchat's request body → AG-UI frontend tools with their JSON Schemas.
 * None on the forced final round (`toolsDisabled`): the agent can only answer in text.
 */
export function agUiTools(body: object | undefined): Tool[] {
  const parsed = toolChatBodySchema.safeParse(body ?? {});
  if (!parsed.success) throw new Error(`Invalid request body for the AG-UI transport: ${parsed.error.issues[0]?.message ?? ''}`);
  const { tools, toolsDisabled } = parsed.data;
  if (toolsDisabled === true || tools === undefined) return [];
  return Object.entries(tools).map(([name, tool]) => ({
    name,
    description: tool.description ?? '',
    parameters: tool.inputSchema ?? { type: 'object', properties: {} },
  }));
}

/**
 * AI SDK `UIMessage`s → AG-UI messages. Each step of an assistant message is one assistant
 * message (its text and `toolCalls`) followed by one tool message per call with a result: the
 * output as JSON text, or the error (also in `error`) for a failed, denied or cancelled call.
 * Calls the agent ran itself are kept, so it sees its own history. Calls without a result yet
 * and reasoning are left out. Ids are derived from the chat's, so they are the same every run.
 */
export function agUiMessages(messages: readonly UIMessage[]): Message[] {
  const out: Message[] = [];
  for (const message of messages) {
    if (message.role === 'system') out.push({ id: message.id, role: 'system', content: messageText(message) });
    else if (message.role === 'user') out.push({ id: message.id, role: 'user', content: userContent(message) });
    else assistantMessages(message, out);
  }
  return out;
}

function assistantMessages(message: UIMessage, out: Message[]): void {
  let step = 0;
  let text = '';
  let calls: Array<{ call: ToolCall; result: { ok: true; output: unknown } | { ok: false; error: string } }> = [];
  const flush = () => {
    if (text !== '' || calls.length > 0) {
      const assistant: AssistantMessage = { id: step === 0 ? message.id : `${message.id}-${step}`, role: 'assistant' };
      if (text !== '') assistant.content = text;
      if (calls.length > 0) assistant.toolCalls = calls.map((c) => c.call);
      out.push(assistant);
      for (const { call, result } of calls) {
        const id = `${call.id}-result`;
        if (result.ok) out.push({ id, role: 'tool', toolCallId: call.id, content: outputJSON(result.output) });
        else out.push({ id, role: 'tool', toolCallId: call.id, content: outputJSON({ error: result.error }), error: result.error });
      }
      step++;
    }
    text = '';
    calls = [];
  };
  for (const part of message.parts) {
    if (part.type === 'step-start') flush();
    else if (part.type === 'text') text += part.text;
    else if (isToolUIPart(part)) {
      const result = resultOf(part);
      if (!result) continue;
      calls.push({
        call: { id: part.toolCallId, type: 'function', function: { name: getToolName(part), arguments: outputJSON(part.input ?? {}) } },
        result,
      });
    }
  }
  flush();
}

function userContent(message: UIMessage): string | ContentPart[] {
  const texts = message.parts.filter((part) => part.type === 'text');
  const hasFiles = message.parts.some((part) => part.type === 'file');
  if (!hasFiles && texts.length <= 1) return texts[0]?.text ?? '';
  const content: ContentPart[] = [];
  for (const part of message.parts) {
    if (part.type === 'text') content.push({ type: 'text', text: part.text });
    else if (part.type === 'file') content.push(filePart(part));
  }
  return content;
}

function filePart(part: FileUIPart): ContentPart {
  const data = parseDataURL(part.url);
  const source = data
    ? { type: 'data' as const, value: data.data, mimeType: part.mediaType }
    : { type: 'url' as const, value: part.url, mimeType: part.mediaType };
  const metadata = part.filename !== undefined ? { metadata: { filename: part.filename } } : {};
  if (part.mediaType.startsWith('image/')) return { type: 'image', source, ...metadata };
  if (part.mediaType.startsWith('audio/')) return { type: 'audio', source, ...metadata };
  if (part.mediaType.startsWith('video/')) return { type: 'video', source, ...metadata };
  return { type: 'document', source, ...metadata };
}

/** Everything one run needs: the chat is the thread, each request a run. */
export function agUiRunInput(options: {
  threadId: string;
  runId: string;
  messages: readonly UIMessage[];
  body: object | undefined;
  state: unknown;
  context: readonly Context[];
  forwardedProps: unknown;
}): RunAgentInput {
  return {
    threadId: options.threadId,
    runId: options.runId,
    state: options.state ?? {},
    messages: agUiMessages(options.messages),
    tools: agUiTools(options.body),
    context: [...options.context],
    forwardedProps: options.forwardedProps ?? {},
  };
}
