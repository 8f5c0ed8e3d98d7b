import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'vitest-axe';
import { jsonSchema } from 'ai';
import { createToolChat, memoryGrants, ToolCallCard, ToolChatProvider, humanizeToolName, type ToolCallCardProps, type ToolChat } from 'toolchat';
import type { ToolCallView } from 'toolchat';

const call = (over: Partial<ToolCallView> = {}): ToolCallView => ({
  toolCallId: 'c1',
  toolName: 'getWeather',
  phase: 'done',
  input: { city: 'Paris' },
  output: { tempC: 21 },
  durationMs: 1234,
  ...over,
});

function renderCard(props: ToolCallCardProps) {
  return render(<ToolCallCard {...props} />);
}

/** A chat whose answers the test watches: the card answers a call through the chat in context. */
function watchedChat() {
  const chat = createToolChat({ grants: memoryGrants() });
  return { chat, answer: vi.spyOn(chat, 'answerApproval').mockResolvedValue({ ok: true }) };
}

function renderCardIn(chat: ToolChat, props: ToolCallCardProps) {
  const view = render(
    <ToolChatProvider chat={chat}>
      <ToolCallCard {...props} />
    </ToolChatProvider>,
  );
  return {
    ...view,
    rerender: (next: ToolCallCardProps) =>
      view.rerender(
        <ToolChatProvider chat={chat}>
          <ToolCallCard {...next} />
        </ToolChatProvider>,
      ),
  };
}

describe('ToolCallCard', () => {
  it.each([
    ['streaming-input', 'Streaming arguments'],
    ['pending', 'Pending'],
    ['running', 'Running'],
    ['awaiting-approval', 'Awaiting approval'],
    ['done', 'Done'],
    ['error', 'Error'],
    ['denied', 'Denied'],
    ['cancelled', 'Cancelled'],
  ] as const)('shows the %s phase as the badge "%s" and data-state', (phase, badge) => {
    const { container } = renderCard({ call: call({ phase }) });
    const header = screen.getByRole('button', { name: new RegExp(`Get weather.*${badge}`) });
    expect(header).toBeTruthy();
    expect(container.querySelector('.toolchat-tool')?.getAttribute('data-state')).toBe(phase);
  });

  describe('given a finished call', () => {
    it('starts collapsed and shows the pretty-printed arguments and the result when expanded', async () => {
      const user = userEvent.setup();
      const { container } = renderCard({ call: call() });
      const header = screen.getByRole('button', { name: /Get weather/ });
      expect(header.getAttribute('aria-expanded')).toBe('false');
      expect(screen.queryByText('Arguments')).toBeNull();

      await user.click(header);
      expect(header.getAttribute('aria-expanded')).toBe('true');
      // The details, like the arguments' line and the error line, load after the first render.
      expect(await screen.findByText('Result')).toBeTruthy();
      const json = [...container.querySelectorAll('pre')].map((pre) => pre.textContent);
      expect(json).toEqual(['{\n  "city": "Paris"\n}', '{\n  "tempC": 21\n}']);
      expect(screen.getByText('Result')).toBeTruthy();

      await user.click(header);
      expect(header.getAttribute('aria-expanded')).toBe('false');
      expect(screen.queryByText('Result')).toBeNull();
    });

    it('shows how long the tool ran', () => {
      renderCard({ call: call({ durationMs: 1234 }) });
      expect(screen.getByText('1.2 s')).toBeTruthy();
    });

    it('has no accessibility violations, open or closed', async () => {
      const { container } = renderCard({ call: call() });
      expect((await axe(container)).violations).toEqual([]);
      await userEvent.setup().click(screen.getByRole('button', { name: /Get weather/ }));
      expect((await axe(container)).violations).toEqual([]);
    });
  });

  describe('given arguments that are still streaming', () => {
    it('shows them compact as they arrive, without a result', async () => {
      const { container } = renderCard({ call: call({ phase: 'streaming-input', input: { city: 'Par' }, output: undefined }), defaultOpen: true });
      await screen.findByText('Arguments');
      expect(container.querySelector('pre')?.textContent).toBe('{"city":"Par"}');
      expect(container.querySelector('pre')?.getAttribute('data-state')).toBe('streaming');
      expect(screen.queryByText('Result')).toBeNull();
    });
  });

  describe('given a failed call', () => {
    it('shows the error once, in one line under the title, without opening', async () => {
      renderCard({ call: call({ phase: 'error', error: 'City not found', output: undefined }) });
      const header = screen.getByRole('button', { name: /Get weather/ });
      expect(header.getAttribute('aria-expanded')).toBe('false');
      expect(await screen.findAllByText('City not found')).toHaveLength(1);
      await userEvent.setup().click(header);
      expect(screen.getAllByText('City not found')).toHaveLength(1);
      expect(screen.queryByText('Result')).toBeNull();
    });
  });

  describe('given a denied call', () => {
    it('says "Denied" in a neutral badge, and repeats nothing the badge says', async () => {
      const { container } = renderCard({
        call: call({ phase: 'denied', error: 'The user denied running tool "getWeather"', output: undefined }),
      });
      await screen.findByText('Paris');
      expect(screen.getByText('Denied').getAttribute('data-state')).toBe('denied');
      expect(container.querySelector('.toolchat-tool-error')).toBeNull();
      expect(screen.queryByText(/denied running tool/)).toBeNull();
    });

    it("shows the user's reason for the denial", async () => {
      renderCard({ call: call({ phase: 'denied', error: 'The user denied running tool "getWeather": not now', output: undefined }) });
      expect(await screen.findByText('not now')).toBeTruthy();
    });
  });

  describe('given a call a reload cut off', () => {
    it('says "Interrupted" in its badge and prints no error: the turn notice says it once', async () => {
      const { container } = renderCard({
        call: call({ phase: 'interrupted', error: 'interrupted: the page was closed before the tool finished', output: undefined }),
      });
      await screen.findByText('Paris');
      expect(screen.getByText('Interrupted')).toBeTruthy();
      expect(container.textContent).not.toContain('the page was closed');
    });
  });

  describe('given its title and arguments', () => {
    it('shows the tool name humanised, and the arguments as a short key/value line with the JSON one click away', async () => {
      const { container } = renderCard({ call: call({ input: { city: 'Paris', units: 'metric', days: 3 } }) });
      expect(screen.getByRole('group', { name: 'Get weather' })).toBeTruthy();
      await screen.findByText('Paris');
      const summary = container.querySelector('dl');
      expect([...(summary?.querySelectorAll('dt') ?? [])].map((dt) => dt.textContent)).toEqual(['city', 'units', 'days']);
      expect([...(summary?.querySelectorAll('dd') ?? [])].map((dd) => dd.textContent)).toEqual(['Paris', 'metric', '3']);
      await userEvent.setup().click(screen.getByRole('button', { name: /Get weather/ }));
      expect(container.querySelector('pre')?.textContent).toBe('{\n  "city": "Paris",\n  "units": "metric",\n  "days": 3\n}');
    });

    it("uses the tool's title from defineTool, among the tools of the chat in context", () => {
      const chat = createToolChat({ readOnly: true, tools: { getWeather: { title: 'Weather', inputSchema: jsonSchema({ type: 'object' }) } } });
      renderCardIn(chat, { call: call() });
      expect(screen.getByRole('group', { name: 'Weather' })).toBeTruthy();
    });

    it.each([
      ['getWeather', 'Get weather'],
      ['list_open_issues', 'List open issues'],
      ['fetchHTMLPage', 'Fetch HTML page'],
      ['getURL', 'Get URL'],
      ['search', 'Search'],
      ['mcp-server.read-file', 'Mcp server read file'],
    ])('humanises %s as "%s"', (name, title) => {
      expect(humanizeToolName(name)).toBe(title);
    });
  });

  describe('given a call awaiting approval', () => {
    it("answers the chat's answerApproval with the call id and the choice", async () => {
      const user = userEvent.setup();
      const { chat, answer } = watchedChat();
      const { container } = renderCardIn(chat, { call: call({ phase: 'awaiting-approval', output: undefined }) });
      await user.click(screen.getByRole('button', { name: 'Approve' }));
      await user.click(screen.getByRole('button', { name: 'Deny' }));
      expect(answer).toHaveBeenCalledWith('c1', { choice: 'allow-once' });
      expect(answer).toHaveBeenCalledWith('c1', { choice: 'deny' });
      expect((await axe(container)).violations).toEqual([]);
      chat.dispose();
    });

    it('names the tool in the description of its buttons, and keeps focus on the card once decided', async () => {
      const { chat } = watchedChat();
      const { rerender } = renderCardIn(chat, { call: call({ phase: 'awaiting-approval', output: undefined }) });
      const approve = screen.getByRole('button', { name: 'Approve' });
      expect(approve.getAttribute('aria-describedby')).toBe(screen.getByText('Get weather').id);
      await userEvent.setup().click(approve);
      rerender({ call: call({ phase: 'running', output: undefined }) });
      expect(document.activeElement).toBe(screen.getByRole('button', { name: /Get weather/ }));
      chat.dispose();
    });

    it('outside a chat, shows the buttons that cannot act as disabled', () => {
      renderCard({ call: call({ phase: 'awaiting-approval', output: undefined }) });
      expect(screen.getByRole('button', { name: 'Approve' }).hasAttribute('disabled')).toBe(true);
      expect(screen.getByRole('button', { name: 'Deny' }).hasAttribute('disabled')).toBe(true);
    });

    it('shows no approval buttons once the call is decided', () => {
      renderCard({ call: call({ phase: 'running', output: undefined }) });
      expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Deny' })).toBeNull();
    });
  });

  describe('given a custom renderer', () => {
    it('renders the call through it, with its input and output, above the details', () => {
      renderCard({
        call: call(),
        render: (c) => (
          <p>
            {String((c.input as { city: string }).city)}: {String((c.output as { tempC: number }).tempC)}°C
          </p>
        ),
      });
      expect(screen.getByText('Paris: 21°C')).toBeTruthy();
      expect(within(screen.getByRole('group', { name: 'Get weather' })).getByText('Paris: 21°C')).toBeTruthy();
    });
  });

  it('can be controlled', async () => {
    const onOpenChange = vi.fn();
    renderCard({ call: call(), open: true, onOpenChange });
    await userEvent.setup().click(screen.getByRole('button', { name: /Get weather/ }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.getByRole('button', { name: /Get weather/ }).getAttribute('aria-expanded')).toBe('true');
  });
});
