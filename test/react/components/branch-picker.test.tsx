import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChatTransport, UIMessage } from 'ai';
import { axe } from 'vitest-axe';
import { Profiler } from 'react';
import { ChatWrapper, createDemoTransport, createToolChat, demoTools, memoryGrants } from 'toolchat';
import { scriptedTransport } from 'toolchat/testing';

let chatCount = 0;
const nextId = () => `branch-picker-test-${++chatCount}`;

/** The demo model, with the messages of every request it gets. */
function recordingTransport() {
  const demo = createDemoTransport();
  const requests: UIMessage[][] = [];
  const transport: ChatTransport<UIMessage> = {
    sendMessages: (options) => {
      requests.push(structuredClone(options.messages));
      return demo.sendMessages(options);
    },
    reconnectToStream: (options) => demo.reconnectToStream(options),
  };
  return { transport, requests };
}

describe('given a user message edited in ChatWrapper', () => {
  it('shows its versions as "2 / 2" with Previous and Next version; switching shows the earlier version and its answer, asking the model nothing', async () => {
    const user = userEvent.setup();
    const { transport, requests } = recordingTransport();
    const { container } = render(<ChatWrapper id={nextId()} transport={transport} tools={demoTools} />);
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'What is 2+2?{Enter}');
    const log = screen.getByRole('log');
    await within(log).findByText('2+2 = 4.');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Regenerate' })).toBeTruthy());

    await user.click(await within(log).findByRole('button', { name: 'Edit' }));
    const editor = await screen.findByRole('textbox', { name: 'Edit message' });
    await user.clear(editor);
    await user.type(editor, 'What is 3+3?{Enter}');
    await within(log).findByText('3+3 = 6.');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Regenerate' })).toBeTruthy());
    expect(within(log).queryByText('2+2 = 4.')).toBeNull();

    const versions = await within(log).findByRole('group', { name: 'Versions' });
    expect(within(versions).getByText('2 / 2')).toBeTruthy();
    expect((within(versions).getByRole('button', { name: 'Next version' }) as HTMLButtonElement).disabled).toBe(true);
    const asked = requests.length;

    await user.click(within(versions).getByRole('button', { name: 'Previous version' }));
    await within(log).findByText('2+2 = 4.');
    expect(within(log).getByText('What is 2+2?')).toBeTruthy();
    const earlier = within(log).getByRole('group', { name: 'Versions' });
    expect(within(earlier).getByText('1 / 2')).toBeTruthy();
    // Announced where it is, and focus stays on the picker of the same message.
    expect(within(earlier).getByText('1 / 2').getAttribute('aria-live')).toBe('polite');
    await waitFor(() => expect(earlier.contains(document.activeElement)).toBe(true));

    // By keyboard: the arrow keys move between versions.
    await user.keyboard('{ArrowRight}');
    await within(log).findByText('3+3 = 6.');
    expect(within(within(log).getByRole('group', { name: 'Versions' })).getByText('2 / 2')).toBeTruthy();
    expect(requests.length).toBe(asked);
    expect((await axe(container)).violations).toEqual([]);
  });
});

/**
 * Quiet: every chunk the chat loads after it mounts is in (their loads are awaited, not timed),
 * and the renders they and the chat asked for are committed. The chat renders unpaced
 * (`throttle: 0`), so nothing waits on a clock.
 */
async function settle(): Promise<void> {
  await act(async () => {
    await Promise.all([
      import('../../../src/react/components/message-extras'),
      import('../../../src/react/components/chat-parts'),
      import('../../../src/react/components/message-action-bar'),
      import('../../../src/react/markdown/markdown-renderer'),
    ]);
    for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

describe('a switch in ChatWrapper', () => {
  it('is one commit: the rows of the version shown mount with their actions as they are', async () => {
    const initialMessages: UIMessage[] = [
      { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'What is 2+2?' }] },
      { id: 'a1', role: 'assistant', parts: [{ type: 'text', text: 'It is four.' }] },
    ];
    const chat = createToolChat({ id: nextId(), transport: scriptedTransport(['Four.']), grants: memoryGrants(), initialMessages, throttle: 0 });
    let commits = 0;
    render(
      <Profiler id="chat" onRender={() => commits++}>
        <ChatWrapper chat={chat} />
      </Profiler>,
    );
    const log = screen.getByRole('log');
    await act(() => chat.regenerate());
    await within(log).findByText('Four.');
    const versions = await within(log).findByRole('group', { name: 'Versions' });
    expect(within(versions).getByText('2 / 2')).toBeTruthy();
    await waitFor(() => expect(within(log).getByRole('button', { name: 'Regenerate' })).toBeTruthy());
    await settle();

    commits = 0;
    await act(() => chat.switchBranch(chat.getState().messages[1]!.id, 0));
    await settle();
    expect(within(log).getByText('It is four.')).toBeTruthy();
    expect(within(within(log).getByRole('group', { name: 'Versions' })).getByText('1 / 2')).toBeTruthy();
    // Regenerate moved to the answer shown, in the same commit.
    expect(within(log).getByRole('button', { name: 'Regenerate' })).toBeTruthy();
    expect(commits).toBe(1);
    chat.dispose();
  });
});
