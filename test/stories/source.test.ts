import { createElement } from 'react';
import { createDemoTransport, demoTools, defineTool, ToolCallCard } from 'toolchat';
import { z } from 'zod';
import { usageSource } from '../../stories/support/source';

describe("Storybook's \"Show code\" (stories/support/source.ts)", () => {
  it('shows a ChatWrapper story as the code a person would write', () => {
    const code = usageSource('ChatWrapper', {
      transport: createDemoTransport({ delayMs: 10 }),
      tools: demoTools,
      maxToolRounds: 2,
      theme: 'dark',
      suggestions: ["What's the weather in Paris?"],
      onStatus: () => {},
    });
    expect(code).toBe(
      [
        "import { ChatWrapper, createDemoTransport, demoTools } from 'toolchat';",
        "import 'toolchat/styles.css';",
        '',
        'export function Chat() {',
        '  return (',
        '    <ChatWrapper',
        '      transport={createDemoTransport()}',
        '      tools={demoTools}',
        '      maxToolRounds={2}',
        '      theme="dark"',
        '      suggestions={["What\'s the weather in Paris?"]}',
        '      onStatus={(status) => console.log(status)}',
        '    />',
        '  );',
        '}',
        '',
      ].join('\n'),
    );
  });

  it('never dumps schemas, class instances or cycles', () => {
    const cycle: Record<string, unknown> = { name: 'loop' };
    cycle.self = cycle;
    const code = usageSource('ChatWrapper', {
      tools: { lookUp: defineTool({ description: 'Look something up', inputSchema: z.object({ q: z.string() }), execute: async () => 'ok' }) },
      labels: { emptyState: 'Ask me', nested: cycle },
      initialMessages: Array.from({ length: 10 }, (_, i) => ({ id: `m${i}`, role: 'user', parts: [] })),
    });
    expect(code).not.toMatch(/_zod|~standard|\[Circular\]|def:/);
    expect(code).toContain('tools={tools}');
    expect(code).toContain('declare const tools: ToolSet; // { lookUp }, each made with defineTool');
    expect(code).toContain('initialMessages={initialMessages}');
    expect(code).toContain("emptyState: 'Ask me'");
  });

  it('shows a part inside the chat it reads, and its children as JSX', () => {
    const code = usageSource('ToolSummary', {
      toolNames: ['getWeather'],
      failed: 0,
      theme: 'dark',
      maxToolRounds: 3,
      children: [createElement(ToolCallCard, { key: '1', call: { toolCallId: 'call_1', toolName: 'getWeather', phase: 'done', input: { city: 'Paris' } } })],
    });
    expect(code).toContain("import { createToolChat, ToolCallCard, ToolChatProvider, ToolSummary } from 'toolchat';");
    expect(code).toContain("const chat = createToolChat({ api: '/api/chat', maxToolRounds: 3 });");
    expect(code).toContain('    <ToolChatProvider chat={chat}>\n      <ToolSummary\n');
    expect(code).toContain('        <ToolCallCard\n');
    expect(code).toContain('      </ToolSummary>\n    </ToolChatProvider>');
    expect(code).not.toContain('theme=');
    expect(code).not.toMatch(/\$\$typeof|_owner/);
  });
});
