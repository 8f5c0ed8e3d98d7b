import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UIMessage, UIMessageChunk } from 'ai';
import { axe } from 'vitest-axe';
import { z } from 'zod';
import { createToolChat, defineTool, memoryGrants, Message, MessageList, preloadMarkdown, ToolChatProvider, type ToolRenderers, type ToolSet } from 'toolchat';
import { writtenTransport } from '../../support/written-transport';

const weather = (id: string, city: string): UIMessage['parts'][number] => ({
  type: 'tool-getWeather',
  toolCallId: id,
  state: 'output-available',
  input: { city },
  output: { tempC: 21 },
});

const finishedTurn: UIMessage = {
  id: 'a1',
  role: 'assistant',
  parts: [
    { type: 'step-start' },
    weather('c1', 'Paris'),
    weather('c2', 'Tokyo'),
    { type: 'step-start' },
    { type: 'dynamic-tool', toolName: 'getTime', toolCallId: 'c3', state: 'output-available', input: { tz: 'Asia/Tokyo' }, output: '09:00' },
    { type: 'step-start' },
    { type: 'text', text: 'It is **21°C** in Paris and Tokyo.', state: 'done' },
  ],
};

/** A live chat whose answer the test writes: its rows read it from context. */
async function liveChat(tools: ToolSet, options: { renderTool?: ToolRenderers; concurrency?: number; now?: () => number } = {}) {
  const script = writtenTransport();
  let requests = 0;
  const transport = { ...script.transport, sendMessages: (request: Parameters<typeof script.transport.sendMessages>[0]) => (requests++, script.transport.sendMessages(request)) };
  const chat = createToolChat({ transport, tools, grants: memoryGrants(), throttle: 0, ...options });
  render(
    <ToolChatProvider chat={chat} renderTool={options.renderTool}>
      <MessageList />
    </ToolChatProvider>,
  );
  await act(async () => void chat.sendMessage('Go'));
  await waitFor(() => expect(requests).toBe(1));
  const write = (chunks: UIMessageChunk[]) => act(async () => chunks.forEach(script.write));
  return { chat, write, end: () => act(async () => script.end()) };
}

describe('Message', () => {
  // Markdown's renderer is its own chunk: load it first so rows render formatted at once.
  beforeAll(() => preloadMarkdown());

  describe('given a user message', () => {
    it('shows its text as typed, not as Markdown', () => {
      render(<Message message={{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'what is **bold**?' }] }} />);
      expect(screen.getByText('what is **bold**?')).toBeTruthy();
    });
  });

  describe('given an assistant message', () => {
    it('renders its text as Markdown', () => {
      const { container } = render(<Message message={{ id: 'a', role: 'assistant', parts: [{ type: 'text', text: 'a **b**' }] }} />);
      expect(container.querySelector('strong')?.textContent).toBe('b');
      expect(container.querySelector('.toolchat-message')?.getAttribute('data-role')).toBe('assistant');
    });

    it('folds reasoning into a "Thinking…" block while it streams', async () => {
      const { container, rerender } = render(
        <Message message={{ id: 'a', role: 'assistant', parts: [{ type: 'reasoning', text: 'Let me see', state: 'streaming' }] }} />,
      );
      // Reasoning, like the fold, the files and the turn's notice, loads after the first render.
      expect((await screen.findByText('Thinking…')).tagName).toBe('SUMMARY');
      const details = container.querySelector('details');
      expect(details?.open).toBe(false);
      await userEvent.setup().click(screen.getByText('Thinking…'));
      expect(details?.open).toBe(true);
      expect(screen.getByText('Let me see')).toBeTruthy();
      rerender(<Message message={{ id: 'a', role: 'assistant', parts: [{ type: 'reasoning', text: 'Let me see', state: 'done' }] }} />);
      expect(screen.getByText('Thought process')).toBeTruthy();
    });
  });

  describe('given a turn that used three tools and then answered', () => {
    it('folds the tool cards into "Used 3 tools: Get weather and Get time" that expands', async () => {
      const user = userEvent.setup();
      render(<Message message={finishedTurn} />);
      expect(screen.getByText('21°C')).toBeTruthy();
      expect(screen.queryByRole('group', { name: 'Get weather' })).toBeNull();

      const summary = await screen.findByRole('button', { name: 'Used 3 tools: Get weather and Get time' });
      expect(summary.getAttribute('aria-expanded')).toBe('false');
      await user.click(summary);
      expect(summary.getAttribute('aria-expanded')).toBe('true');
      expect(screen.getAllByRole('group', { name: 'Get weather' })).toHaveLength(2);
      expect(screen.getByRole('group', { name: 'Get time' })).toBeTruthy();
    });

    it('keeps the cards unfolded while the turn is still streaming', async () => {
      const { write } = await liveChat({});
      // Calls the server ran, then the answer, still streaming.
      await write([
        { type: 'start' },
        { type: 'start-step' },
        ...(['Paris', 'Tokyo'] as const).flatMap((city, i): UIMessageChunk[] => [
          { type: 'tool-input-available', toolCallId: `c${i}`, toolName: 'getWeather', input: { city }, providerExecuted: true },
          { type: 'tool-output-available', toolCallId: `c${i}`, output: { tempC: 21 }, providerExecuted: true },
        ]),
        { type: 'text-start', id: 't' },
        { type: 'text-delta', id: 't', delta: 'It is 21°C in Paris and Tokyo.' },
      ]);
      await screen.findByText(/It is 21°C/);
      expect(screen.queryByRole('button', { name: /Used/ })).toBeNull();
      expect(screen.getAllByRole('button', { name: /Get weather.*Done/ })).toHaveLength(2);
    });

    it('keeps the cards unfolded when no answer follows them', () => {
      render(<Message message={{ id: 'a', role: 'assistant', parts: [{ type: 'text', text: 'Checking.' }, weather('c1', 'Paris')] }} />);
      expect(screen.queryByRole('button', { name: /Used/ })).toBeNull();
      expect(screen.getByRole('button', { name: /Get weather/ })).toBeTruthy();
    });

    it('has no accessibility violations', async () => {
      const { container } = render(<Message message={finishedTurn} />);
      await userEvent.setup().click(await screen.findByRole('button', { name: 'Used 3 tools: Get weather and Get time' }));
      expect((await axe(container)).violations).toEqual([]);
    });
  });

  describe('given the chat in context', () => {
    it("shows the phase and duration the chat knows and the part cannot tell", async () => {
      let time = 0;
      const gates: (() => void)[] = [];
      const tools = {
        getWeather: defineTool({
          inputSchema: z.object({ city: z.string() }),
          execute: ({ city }) => new Promise<{ city: string }>((resolve) => gates.push(() => resolve({ city }))),
        }),
      };
      const { write } = await liveChat(tools, { concurrency: 1, now: () => time });
      await write([
        { type: 'start' },
        { type: 'start-step' },
        { type: 'tool-input-available', toolCallId: 'c1', toolName: 'getWeather', input: { city: 'Paris' } },
        { type: 'tool-input-available', toolCallId: 'c2', toolName: 'getWeather', input: { city: 'Tokyo' } },
        { type: 'finish-step' },
        { type: 'finish' },
      ]);
      // Both parts say "input available": the chat knows one runs and the other waits its turn.
      await screen.findByRole('button', { name: /Get weather.*Pending/ });
      expect(screen.getByRole('button', { name: /Get weather.*Running/ })).toBeTruthy();
      time = 300;
      await act(async () => gates[0]!());
      await screen.findByRole('button', { name: /Get weather.*Done.*300 ms/ });
    });

    it('answers a waiting call through the chat, and gives custom renderers their tool', async () => {
      const tools = {
        deleteFile: defineTool({ inputSchema: z.object({ path: z.string() }), needsApproval: true, execute: ({ path }) => ({ deleted: path }) }),
      };
      const { chat, write } = await liveChat(tools, { renderTool: { deleteFile: (call) => <p>Delete {String((call.input as { path: string }).path)}?</p> } });
      const answer = vi.spyOn(chat, 'answerApproval');
      await write([
        { type: 'start' },
        { type: 'start-step' },
        { type: 'tool-input-available', toolCallId: 'd1', toolName: 'deleteFile', input: { path: '/tmp/x' } },
        { type: 'finish-step' },
        { type: 'finish' },
      ]);
      expect(await screen.findByText('Delete /tmp/x?')).toBeTruthy();
      await userEvent.setup().click(await screen.findByRole('button', { name: 'Approve' }));
      expect(answer).toHaveBeenCalledWith('d1', { choice: 'allow-once' });
      await waitFor(() => expect(chat.getToolCall('d1')?.phase).toBe('done'));
    });

    it('shows a transcript in a read-only chat, whose buttons do not act', () => {
      const chat = createToolChat({
        readOnly: true,
        initialMessages: [
          { id: 'a', role: 'assistant', parts: [{ type: 'tool-deleteFile', toolCallId: 'd1', state: 'approval-requested', input: { path: '/tmp/x' }, approval: { id: 'd1' } }] },
        ],
      });
      render(
        <ToolChatProvider chat={chat}>
          <MessageList />
        </ToolChatProvider>,
      );
      expect(screen.getByRole('button', { name: 'Approve' }).hasAttribute('disabled')).toBe(true);
      expect(screen.getByRole('button', { name: 'Deny' }).hasAttribute('disabled')).toBe(true);
      expect(screen.queryByRole('button', { name: /Always allow/ })).toBeNull();
    });
  });

  describe('given files and sources', () => {
    it('shows an attached image inline and another file as a link', async () => {
      render(
        <Message
          message={{
            id: 'u',
            role: 'user',
            parts: [
              { type: 'file', mediaType: 'image/png', url: 'data:image/png;base64,iVBORw0KGgo=', filename: 'cat.png' },
              { type: 'file', mediaType: 'application/pdf', url: 'https://example.com/r.pdf', filename: 'r.pdf' },
            ],
          }}
        />,
      );
      expect((await screen.findByRole('img', { name: 'cat.png' })).getAttribute('src')).toBe('data:image/png;base64,iVBORw0KGgo=');
      expect(screen.getByRole('link', { name: 'r.pdf' }).getAttribute('rel')).toBe('noopener noreferrer');
    });

    it('loads no file or source from an unsafe URL', async () => {
      const { container } = render(
        <Message
          message={{
            id: 'a',
            role: 'assistant',
            parts: [
              { type: 'file', mediaType: 'image/svg+xml', url: 'data:image/svg+xml,<svg onload="alert(1)"/>', filename: 'x.svg' },
              { type: 'file', mediaType: 'text/html', url: 'javascript:alert(1)', filename: 'x.html' },
              { type: 'source-url', sourceId: 's1', url: 'javascript:alert(1)', title: 'Evil' },
              { type: 'source-url', sourceId: 's2', url: 'https://example.com/doc', title: 'Docs' },
            ],
          }}
        />,
      );
      expect(await screen.findByText('Evil')).toBeTruthy();
      expect(container.querySelector('img')).toBeNull();
      // The sources' list numbers them: the second keeps its link, the first only its title.
      expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['2Docs example.com']);
      expect(screen.getByText('x.svg')).toBeTruthy();
      expect(screen.getByText('Evil')).toBeTruthy();
    });
  });
});
