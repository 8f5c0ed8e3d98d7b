import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { axe } from 'vitest-axe';
import { ThreadList, type ChatSummary, type ThreadStorage } from 'toolchat';

/** A thread storage whose next rename or delete can be made to fail. */
function fakeStorage(threads: ChatSummary[]) {
  const stored = new Map(threads.map((thread) => [thread.chatId, { ...thread }]));
  const failNext = { rename: false, remove: false };
  let settle: (() => void) | undefined;
  const storage: ThreadStorage = {
    load: () => undefined,
    save: () => {},
    list: () => [...stored.values()],
    remove: async (chatId) => {
      await new Promise<void>((resolve) => (settle = resolve));
      if (failNext.remove) {
        failNext.remove = false;
        throw new Error('HTTP 500');
      }
      stored.delete(chatId);
    },
    rename: async (chatId, title) => {
      await new Promise<void>((resolve) => (settle = resolve));
      if (failNext.rename) {
        failNext.rename = false;
        throw new Error('HTTP 500');
      }
      stored.get(chatId)!.title = title;
    },
  };
  return { storage, stored, failNext, settle: () => settle?.() };
}

const threads: ChatSummary[] = [
  { chatId: 'older', title: 'Weather in Paris', updatedAt: '2026-01-01T10:00:00.000Z' },
  { chatId: 'newer', title: 'Time in Tokyo', updatedAt: '2026-01-02T10:00:00.000Z' },
];

const titles = () => within(screen.getByRole('list')).getAllByRole('listitem').map((item) => within(item).getAllByRole('button')[0]!.textContent);

describe('given a ThreadList of two chats', () => {
  it('lists them newest first and marks the current one', async () => {
    const { storage } = fakeStorage(threads);
    const { container } = render(<ThreadList storage={storage} activeId="older" onSelect={() => {}} />);
    await waitFor(() => expect(titles()).toEqual(['Time in Tokyo', 'Weather in Paris']));
    expect(screen.getByRole('navigation', { name: 'Chats' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Weather in Paris' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('button', { name: 'Time in Tokyo' }).getAttribute('aria-current')).toBeNull();
    expect((await axe(container)).violations).toEqual([]);
  });

  it('switches to a chat, and starts a new one with a fresh random id', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    const { storage } = fakeStorage(threads);
    render(<ThreadList storage={storage} activeId="older" onSelect={onSelect} />);
    await user.click(await screen.findByRole('button', { name: 'Time in Tokyo' }));
    expect(onSelect).toHaveBeenLastCalledWith('newer');
    await user.click(screen.getByRole('button', { name: 'New chat' }));
    expect(onSelect).toHaveBeenLastCalledWith(expect.stringMatching(/^[A-Za-z0-9_-]{22}$/));
  });

  it('shows no "New chat" button with newChatButton={false}, and still starts a new chat when the current one is deleted', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    const { storage, settle } = fakeStorage(threads);
    render(<ThreadList storage={storage} activeId="older" onSelect={onSelect} newChatButton={false} />);
    const remove = await screen.findByRole('button', { name: 'Delete Weather in Paris' });
    expect(screen.queryByRole('button', { name: 'New chat' })).toBeNull();
    await user.click(remove);
    settle();
    expect(onSelect).toHaveBeenCalledWith(expect.stringMatching(/^[A-Za-z0-9_-]{22}$/));
  });

  it('lists the current chat before its first answer is stored', async () => {
    const { storage } = fakeStorage(threads);
    render(<ThreadList storage={storage} activeId="brand-new" onSelect={() => {}} />);
    await waitFor(() => expect(titles()).toEqual(['New chat', 'Time in Tokyo', 'Weather in Paris']));
    expect(screen.getAllByRole('button', { name: 'New chat' }).some((button) => button.getAttribute('aria-current') === 'page')).toBe(true);
  });

  it('renames a chat at once, and keeps the new title when the storage agrees', async () => {
    const user = userEvent.setup();
    const fake = fakeStorage(threads);
    render(<ThreadList storage={fake.storage} onSelect={() => {}} />);
    await user.click(await screen.findByRole('button', { name: 'Rename Weather in Paris' }));
    const field = screen.getByRole('textbox', { name: 'Chat title' });
    await user.clear(field);
    await user.type(field, 'Paris trip{Enter}');
    expect(titles()).toEqual(['Time in Tokyo', 'Paris trip']);
    fake.settle();
    await waitFor(() => expect(fake.stored.get('older')?.title).toBe('Paris trip'));
    expect(titles()).toEqual(['Time in Tokyo', 'Paris trip']);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('puts the old title back, and says so, when a rename fails', async () => {
    const user = userEvent.setup();
    const fake = fakeStorage(threads);
    fake.failNext.rename = true;
    render(<ThreadList storage={fake.storage} onSelect={() => {}} />);
    await user.click(await screen.findByRole('button', { name: 'Rename Weather in Paris' }));
    const field = screen.getByRole('textbox', { name: 'Chat title' });
    await user.clear(field);
    await user.type(field, 'Paris trip{Enter}');
    expect(titles()).toContain('Paris trip');
    fake.settle();
    expect((await screen.findByRole('alert')).textContent).toBe('Could not rename the chat.');
    expect(titles()).toEqual(['Time in Tokyo', 'Weather in Paris']);
  });

  it('leaves a rename with Escape', async () => {
    const user = userEvent.setup();
    const fake = fakeStorage(threads);
    render(<ThreadList storage={fake.storage} onSelect={() => {}} />);
    await user.click(await screen.findByRole('button', { name: 'Rename Weather in Paris' }));
    await user.type(screen.getByRole('textbox', { name: 'Chat title' }), ' nope{Escape}');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(titles()).toEqual(['Time in Tokyo', 'Weather in Paris']);
  });

  it('deletes a chat at once, and brings it back in its place, saying so, when the delete fails', async () => {
    const user = userEvent.setup();
    const fake = fakeStorage(threads);
    fake.failNext.remove = true;
    render(<ThreadList storage={fake.storage} onSelect={() => {}} />);
    await user.click(await screen.findByRole('button', { name: 'Delete Time in Tokyo' }));
    expect(titles()).toEqual(['Weather in Paris']);
    fake.settle();
    expect((await screen.findByRole('alert')).textContent).toBe('Could not delete the chat.');
    expect(titles()).toEqual(['Time in Tokyo', 'Weather in Paris']);

    await user.click(screen.getByRole('button', { name: 'Delete Time in Tokyo' }));
    fake.settle();
    await waitFor(() => expect(fake.stored.has('newer')).toBe(false));
    expect(titles()).toEqual(['Weather in Paris']);
  });

  it('starts a new chat when the current one is deleted', async () => {
    const user = userEvent.setup();
    const onNew = vi.fn();
    const fake = fakeStorage(threads);
    render(<ThreadList storage={fake.storage} activeId="newer" onSelect={() => {}} onNew={onNew} />);
    await user.click(await screen.findByRole('button', { name: 'Delete Time in Tokyo' }));
    expect(onNew).toHaveBeenCalledTimes(1);
    fake.settle();
  });

  it('says when the chats cannot be listed', async () => {
    const { storage } = fakeStorage(threads);
    render(<ThreadList storage={{ ...storage, list: () => Promise.reject(new Error('offline')) }} onSelect={() => {}} />);
    expect((await screen.findByRole('alert')).textContent).toBe('Could not load the chats.');
  });
});
