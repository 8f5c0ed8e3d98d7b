import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { createElement } from 'react';
import { createDemoTransport, demoTools, ToolCallCard } from 'toolchat';
import { usageSource } from '../../stories/support/source';

const script = fileURLToPath(new URL('../../scripts/check-docs.mjs', import.meta.url));
const fence = '```';

describe('scripts/check-docs.mjs (run by npm run typecheck)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'toolchat-docs-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('fails on a whole-file block that does not compile against the source, naming its Markdown line, and checks nothing else (Storybook\'s Show code compiles)', () => {
    writeFileSync(
      path.join(dir, 'good.md'),
      [
        '# Good',
        '',
        `${fence}tsx`,
        "import { ChatWrapper, defineTool } from 'toolchat';",
        "import { z } from 'zod';",
        '',
        'const tools = {',
        "  getWeather: defineTool({ description: 'Weather', inputSchema: z.object({ city: z.string() }), execute: async ({ city }) => ({ city }) }),",
        '};',
        'export const App = () => <ChatWrapper api="/api/chat" tools={tools} />;',
        fence,
        '',
        "Storybook's Show code for a story compiles too:",
        '',
        `${fence}tsx`,
        usageSource('ChatWrapper', {
          transport: createDemoTransport(),
          tools: demoTools,
          maxToolRounds: 2,
          labels: { emptyState: 'Ask me' },
          storage: {},
          onStatus: () => {},
          onToolResult: () => {},
        }).trimEnd(),
        fence,
        '',
        `${fence}tsx`,
        usageSource('ToolSummary', {
          toolNames: ['getWeather'],
          failed: 0,
          children: [
            createElement(ToolCallCard, {
              key: '1',
              call: { toolCallId: 'call_1', toolName: 'getWeather', phase: 'awaiting-approval', input: { city: 'Paris' } },
            }),
          ],
        }).trimEnd(),
        fence,
        '',
        'A fragment is not checked:',
        '',
        `${fence}ts`,
        'const x: number = "not a number";',
        fence,
        '',
      ].join('\n'),
    );
    writeFileSync(
      path.join(dir, 'broken.md'),
      [
        '# Broken',
        '',
        `${fence}ts`,
        "import { createChatHandler } from 'toolchat/server';",
        '',
        'export const POST = createChatHandler({ model: 42 });',
        fence,
        '',
      ].join('\n'),
    );
    const run = spawnSync(process.execPath, [script, dir], { encoding: 'utf8', cwd: dir });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/broken\.md:6:\d+: error TS\d+/);
    expect(run.stderr).not.toMatch(/good\.md/);
    expect(run.stderr).toMatch(/4 whole-file blocks in 2 Markdown files/);
  }, 120_000);

  it("checks a Next.js client module ('use client', then its imports), and each block as a fresh Next.js app compiles it: without strict", () => {
    writeFileSync(
      path.join(dir, 'next.md'),
      [
        '# Next',
        '',
        `${fence}tsx`,
        "'use client';",
        "import { executeToolCall, type ToolSet } from 'toolchat/core';",
        '',
        'export async function run(tools: ToolSet) {',
        "  const result = await executeToolCall({ toolCallId: 'c', toolName: 'x', input: {} }, tools);",
        '  // Narrows with strict on; without it, only `=== true`, `in` or `instanceof` narrow.',
        '  return result.ok ? result.output : result.error;',
        '}',
        fence,
        '',
      ].join('\n'),
    );
    const run = spawnSync(process.execPath, [script, dir], { encoding: 'utf8', cwd: dir });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/next\.md:10:\d+: error TS2339: Property 'error' does not exist/);
    expect(run.stderr).toMatch(/1 whole-file blocks in 1 Markdown files, compiled without strict/);
  }, 120_000);
});
