import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChatTransport, UIMessage } from 'ai';
import { convertArrayToReadableStream } from 'ai/test';
import { StrictMode, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChatWrapper, disposeChatSession, memoryStorage, useToolChat, type ChatStorage, type ToolChat, type ToolGrants } from 'toolchat';
import * as chats from '../../src/core/chat/create-tool-chat';
import { answer } from '../core/chat/script';

// Every chat a component makes goes through here: counted, and kept to look at afterwards.
vi.mock('../../src/core/chat/create-tool-chat', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/core/chat/create-tool-chat')>();
  return { ...original, createHeldChat: vi.fn(original.createHeldChat), createToolChat: vi.fn(original.createToolChat) };
});

/** What a page did: chats made, grants and stored conversations read, requests sent. */
function counted() {
  let requests = 0;
  let storageLoads = 0;
  let grantLoads = 0;
  const transport: ChatTransport<UIMessage> = {
    sendMessages: async () => convertArrayToReadableStream(answer(`Answer ${++requests}.`)),
    reconnectToStream: async () => null,
  };
  const stored = memoryStorage();
  const storage: ChatStorage = { ...stored, load: (id) => (storageLoads++, stored.load(id)) };
  const grants: ToolGrants = { load: () => (grantLoads++, []), save: () => {} };
  const made = () => [...vi.mocked(chats.createHeldChat).mock.results, ...vi.mocked(chats.createToolChat).mock.results].map((result) => result.value as ToolChat);
  return {
    transport,
    storage,
    grants,
    made,
    counts: () => ({ chats: made().length, storageLoads, grantLoads, requests }),
  };
}

/** Mounts the page, asks once, waits for the answer, unmounts, and lets every timer run. */
async function visit(page: (page: ReturnType<typeof counted>) => ReactNode, strict: boolean) {
  vi.mocked(chats.createHeldChat).mockClear();
  vi.mocked(chats.createToolChat).mockClear();
  const probe = counted();
  const user = userEvent.setup();
  const view = render(strict ? <StrictMode>{page(probe)}</StrictMode> : page(probe));
  await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello');
  await user.click(screen.getByRole('button', { name: 'Send' }));
  await waitFor(() => expect(within(screen.getByRole('log')).getByText('Answer 1.')).toBeTruthy());
  await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy());
  view.unmount();
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  return { ...probe.counts(), disposed: probe.made().map((chat) => chat.disposed) };
}

afterEach(() => disposeChatSession('strict'));

describe('given StrictMode (renders, state initialisers and effects run twice)', () => {
  it('a ChatWrapper without an id makes, loads and sends what it does without it, and leaves nothing behind', async () => {
    const page = ({ transport, storage, grants }: ReturnType<typeof counted>) => <ChatWrapper transport={transport} storage={storage} grants={grants} />;
    const plain = await visit(page, false);
    const strict = await visit(page, true);
    expect(plain).toMatchObject({ chats: 1, grantLoads: 1, requests: 1, disposed: [true] });
    expect(plain.storageLoads).toBeGreaterThan(0);
    expect(strict).toEqual(plain);
  });

  it('a ChatWrapper with an id does too, and keeps its chat for a remount (keepAliveMs)', async () => {
    const page = ({ transport, storage, grants }: ReturnType<typeof counted>) => <ChatWrapper id="strict" transport={transport} storage={storage} grants={grants} />;
    const plain = await visit(page, false);
    disposeChatSession('strict');
    const strict = await visit(page, true);
    expect(plain).toMatchObject({ chats: 1, grantLoads: 1, requests: 1, disposed: [false] });
    expect(plain.storageLoads).toBeGreaterThan(0);
    expect(strict).toEqual(plain);
  });

  it('useToolChat(options) in a layout of its own does too', async () => {
    function Layout({ transport, grants }: { transport: ChatTransport<UIMessage>; grants: ToolGrants }) {
      const chat = useToolChat({ transport, grants });
      return (
        <form onSubmit={(event) => (event.preventDefault(), void chat.sendMessage('Hello'))}>
          <label>
            Message <textarea />
          </label>
          <button disabled={chat.busy}>Send</button>
          <div role="log">{chat.messages.map((message) => message.parts.map((part, i) => (part.type === 'text' ? <p key={i}>{part.text}</p> : null)))}</div>
        </form>
      );
    }
    const page = ({ transport, grants }: ReturnType<typeof counted>) => <Layout transport={transport} grants={grants} />;
    const plain = await visit(page, false);
    const strict = await visit(page, true);
    expect(plain).toEqual({ chats: 1, storageLoads: 0, grantLoads: 1, requests: 1, disposed: [true] });
    expect(strict).toEqual(plain);
  });
});
