import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ChatWrapper, createDemoTransport, listChats, memoryStorage } from 'toolchat';

describe('given a ChatWrapper saved to storage', () => {
  it('starts a new chat with "New chat", keeping the old one in storage', async () => {
    const user = userEvent.setup();
    const storage = memoryStorage();
    const onChatChange = vi.fn();
    render(<ChatWrapper id="first" storage={storage} transport={createDemoTransport()} onChatChange={onChatChange} />);

    const newChat = screen.getByRole('button', { name: 'New chat' });
    expect((newChat as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByRole('textbox'), 'hello{Enter}');
    const log = screen.getByRole('log');
    await waitFor(() => expect(within(log).getByText('hello')).toBeTruthy());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy());

    await user.click(screen.getByRole('button', { name: 'New chat' }));
    expect(within(screen.getByRole('log')).queryByText('hello')).toBeNull();
    expect(onChatChange).toHaveBeenCalledTimes(1);
    const newId = onChatChange.mock.calls[0]?.[0] as string;

    await user.type(screen.getByRole('textbox'), 'second chat{Enter}');
    await waitFor(() => expect(within(screen.getByRole('log')).getByText('second chat')).toBeTruthy());
    await waitFor(async () => expect((await listChats(storage)).map((chat) => chat.chatId).sort()).toEqual([newId, 'first'].sort()));
  });
});
