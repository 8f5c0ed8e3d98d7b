import type { UIMessage } from 'ai';
import { describe, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import {
  defineTool,
  useToolChat,
  type ChatWrapperProps,
  type SendMessageInput,
  type ToolChatMessage,
  type ToolLoopOptions,
  type TruncatedOutput,
  type UseToolChatOptions,
  type UseToolChatResult,
  type ToolCallView,
} from 'toolchat';

const tools = {
  getWeather: defineTool({
    inputSchema: z.object({ city: z.string() }),
    execute: async ({ city }) => ({ city, tempC: 21 }),
  }),
  countdown: defineTool({
    inputSchema: z.object({ from: z.number() }),
    async *execute({ from }) {
      yield { left: from };
    },
  }),
};

describe('the option types are composed, not copied', () => {
  it('UseToolChatOptions is the loop’s options plus the chat’s own', () => {
    expectTypeOf<UseToolChatOptions<typeof tools>>().toExtend<ToolLoopOptions<typeof tools>>();
    expectTypeOf<UseToolChatOptions['maxToolRounds']>().toEqualTypeOf<ToolLoopOptions['maxToolRounds']>();
    expectTypeOf<UseToolChatOptions['onToolResult']>().toEqualTypeOf<ToolLoopOptions['onToolResult']>();
  });

  it('ChatWrapperProps is the hook’s options plus how the chat looks', () => {
    expectTypeOf<ChatWrapperProps<typeof tools>>().toExtend<UseToolChatOptions<typeof tools>>();
  });

  it('renderTool gives each tool’s card its own input and output', () => {
    type Renderers = NonNullable<ChatWrapperProps<typeof tools>['renderTool']>;
    type WeatherCall = Parameters<NonNullable<Renderers['getWeather']>>[0];
    expectTypeOf<WeatherCall['toolName']>().toEqualTypeOf<'getWeather'>();
    expectTypeOf<WeatherCall['input']>().toEqualTypeOf<{ city: string }>();
    expectTypeOf<NonNullable<WeatherCall['output']>>().toEqualTypeOf<{ city: string; tempC: number } | TruncatedOutput>();
    type CountdownCall = Parameters<NonNullable<Renderers['countdown']>>[0];
    expectTypeOf<NonNullable<CountdownCall['output']>>().toEqualTypeOf<{ left: number } | TruncatedOutput>();
  });

  it('the hook’s views are typed per tool, and narrow by toolName', () => {
    type Call = ToolCallView<typeof tools>;
    const call = {} as Call;
    if (call.toolName === 'getWeather') expectTypeOf(call.input).toEqualTypeOf<{ city: string }>();
    expectTypeOf<UseToolChatResult<typeof tools>['toolCalls']>().toEqualTypeOf<ReadonlyMap<string, Call>>();
  });
});

describe('messages are typed by the chat’s tools', () => {
  it('gives each tool part its input and output', () => {
    type Result = ReturnType<typeof useToolChat<typeof tools>>;
    expectTypeOf<Result>().toEqualTypeOf<UseToolChatResult<typeof tools>>();
    type Part = Extract<ToolChatMessage<typeof tools>['parts'][number], { type: 'tool-getWeather' }>;
    expectTypeOf<Extract<Part, { state: 'output-available' }>['input']>().toEqualTypeOf<{ city: string }>();
    expectTypeOf<Extract<Part, { state: 'output-available' }>['output']>().toEqualTypeOf<{ city: string; tempC: number } | TruncatedOutput>();
    type Count = Extract<ToolChatMessage<typeof tools>['parts'][number], { type: 'tool-countdown'; state: 'output-available' }>;
    expectTypeOf<Count['output']>().toEqualTypeOf<{ left: number } | TruncatedOutput>();
  });

  it('infers the tools from the options', () => {
    const typed = (options: UseToolChatOptions<typeof tools>) => useToolChat(options);
    expectTypeOf<ReturnType<typeof typed>['messages']>().toEqualTypeOf<ToolChatMessage<typeof tools>[]>();
  });

  it('keeps plain UIMessage parts for a tool set of unknown names', () => {
    expectTypeOf<ToolChatMessage>().toExtend<UIMessage>();
  });
});

describe('sendMessage takes what useChat’s does', () => {
  it('accepts text, text with files and metadata, files alone, and a message', () => {
    expectTypeOf<string>().toExtend<SendMessageInput>();
    expectTypeOf<{ text: string; metadata: { from: string } }>().toExtend<SendMessageInput>();
    expectTypeOf<{ files: FileList }>().toExtend<SendMessageInput>();
    expectTypeOf<{ role: 'user'; parts: [{ type: 'text'; text: string }] }>().toExtend<SendMessageInput>();
    expectTypeOf<{ nothing: true }>().not.toExtend<SendMessageInput>();
  });
});
