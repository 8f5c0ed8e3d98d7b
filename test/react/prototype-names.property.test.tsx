import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DefaultChatTransport, type UIMessage } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ChatWrapper, defineTool, humanizeToolName, type ToolCallView, type ToolSet } from 'toolchat';
import { createChatHandler } from 'toolchat/server';
import { textResponse, toolCallResponse } from '../support/mock-models';
import { definedAndCalledArbitrary } from '../support/prototype-names';

/** The real endpoint, in-process: real SSE encoding and parsing, no server. */
function inProcessTransport(handler: (request: Request) => Promise<Response>) {
  return new DefaultChatTransport<UIMessage>({
    api: 'http://localhost/api/chat',
    fetch: async (input, init) => handler(new Request(String(input), init)),
  });
}

describe('given a model that calls tools named like Object.prototype members', () => {
  it('shows a card for every call (the custom one for defined tools) and the chat goes on (property)', async () => {
    const user = userEvent.setup();
    await fc.assert(
      fc.asyncProperty(definedAndCalledArbitrary, async ({ defined, called }) => {
        let requests = 0;
        const model = new MockLanguageModelV4({
          doStream: async () =>
            requests++ === 0
              ? toolCallResponse(called.map((toolName, i) => ({ toolCallId: `call_${i}`, toolName, input: { n: i } })))
              : textResponse(''),
        });
        // An empty text answer ends the turn and leaves the cards unfolded.
        // Built at run time, as an app does from a list of names.
        const tools: ToolSet = Object.fromEntries(
          defined.map((name) => [name, defineTool({ inputSchema: z.object({ n: z.number() }), execute: ({ n }) => ({ n }) })]),
        );
        const renderTool = Object.fromEntries(
          defined.map((name) => [name, (call: ToolCallView) => <p>{`custom ${call.toolName} ${call.toolCallId} ${call.phase}`}</p>]),
        );
        try {
          render(<ChatWrapper transport={inProcessTransport(createChatHandler({ model, env: {} }))} tools={tools} renderTool={renderTool} />);
          await user.type(screen.getByRole('textbox'), 'Go');
          await user.click(screen.getByRole('button', { name: 'Send' }));
          await waitFor(() => expect(requests).toBe(2));
          // The view follows at the render pace (one commit per 16 ms): the answer can end before it shows.
          await waitFor(() => {
            const log = screen.getByRole('log');
            for (const [i, name] of called.entries()) {
              // A card is named by the tool's title: its name as people read it.
              const title = humanizeToolName(name);
              const cards = within(log).getAllByRole('group', { name: title });
              expect(cards.length).toBe(called.filter((n) => humanizeToolName(n) === title).length);
              if (defined.includes(name)) expect(within(log).getByText(`custom ${name} call_${i} done`)).toBeTruthy();
            }
            expect(within(log).queryAllByText(/^custom /)).toHaveLength(called.filter((name) => defined.includes(name)).length);
            expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy();
          });
          expect(screen.queryByRole('alert')).toBeNull();
        } finally {
          cleanup();
        }
      }),
      { numRuns: 25 },
    );
  }, 60_000);
});
