import { isValidElement, StrictMode, type ReactElement } from 'react';
import { createToolChat, type SendMessageInput, type ToolChat, type ToolChatSnapshot } from '../core/chat/index';
import type { ToolSet } from '../core/tools/define-tool';
import { ChatWrapper, type ChatWrapperProps } from '../react/components/chat-wrapper';
import { afterThisTest } from './vitest-hooks';
import { awaitingApproval, usersTurn, idle, waitForChat, type ChatCheck, type WaitDriver, type WaitOptions } from './wait-for-chat';

type TestingLibrary = typeof import('@testing-library/react');
let testingLibrary: Promise<TestingLibrary> | undefined;

/** A chat on screen, and what a user does with it. */
export interface RenderedChat<TOOLS extends ToolSet = ToolSet> {
  /** The chat instance on screen: its `getState()`, `getToolCalls()` and methods. */
  readonly chat: ToolChat<TOOLS>;
  /** The element the chat was rendered into (Testing Library's `container`). */
  readonly container: HTMLElement;
  /**
   * Sends a message, and resolves with the chat's state once it is the user's turn again: the
   * answer is in, the chat failed, or a call waits for approval.
   */
  send(message: SendMessageInput, options?: WaitOptions): Promise<ToolChatSnapshot<TOOLS>>;
  /**
   * Approves the call of `toolName` that waits for approval (the first, when several do; any
   * tool's without a name), once one does, then resolves at the user's next turn.
   */
  approve(toolName?: keyof TOOLS & string, options?: WaitOptions): Promise<ToolChatSnapshot<TOOLS>>;
  /** Denies the call of `toolName` that waits for approval, with the user's `reason` if given; as `approve`. */
  deny(toolName?: keyof TOOLS & string, options?: WaitOptions & { reason?: string }): Promise<ToolChatSnapshot<TOOLS>>;
  /** Resolves with the chat's state once it is idle; fails at once while a call waits for approval. */
  waitForIdle(options?: WaitOptions): Promise<ToolChatSnapshot<TOOLS>>;
  /**
   * Unmounts the chat, and disposes the chat instance when `renderChat` made it. Done for you
   * when the Vitest test that rendered it ends.
   */
  unmount(): void;
}

/**
 * Renders a chat with Testing Library and returns what a test does with it. With props, a
 * `<ChatWrapper>` (in `StrictMode`) on a chat instance made from them; with an element, your
 * own UI, over the chat instance you give (`createToolChat`, shared through `ToolChatProvider`
 * or `useToolChat(chat)`).
 *
 * The actions go through the chat instance, as the chat's own buttons do, so they work with any
 * UI and any `labels`; click the buttons with Testing Library to test the buttons themselves.
 * Every wait works with Vitest's fake timers: it advances them itself. Needs
 * `@testing-library/react` (and a DOM: Vitest's `jsdom` or `happy-dom` environment).
 *
 * @example
 * const view = await renderChat({ transport: scriptedTransport(script), tools });
 * await view.send('Delete /tmp/a');
 * await view.approve('deleteFile');
 * expect(screen.getByRole('log').textContent).toContain('Deleted /tmp/a.');
 */
export function renderChat<TOOLS extends ToolSet = ToolSet>(props: ChatWrapperProps<TOOLS>): Promise<RenderedChat<TOOLS>>;
export function renderChat<TOOLS extends ToolSet = ToolSet>(ui: ReactElement, options: { chat: ToolChat<TOOLS> }): Promise<RenderedChat<TOOLS>>;
export async function renderChat<TOOLS extends ToolSet = ToolSet>(
  propsOrUi: ChatWrapperProps<TOOLS> | ReactElement,
  options?: { chat: ToolChat<TOOLS> },
): Promise<RenderedChat<TOOLS>> {
  const tl = await loadTestingLibrary();
  let chat: ToolChat<TOOLS>;
  let ui: ReactElement;
  let owned = false;
  if (isValidElement(propsOrUi)) {
    if (!options?.chat) throw new TypeError('renderChat: with your own element, pass the chat instance it shows: renderChat(<MyChat />, { chat })');
    chat = options.chat;
    ui = propsOrUi;
  } else {
    const props = propsOrUi as ChatWrapperProps<TOOLS>;
    owned = props.chat === undefined;
    chat = props.chat ?? createToolChat<TOOLS>(props);
    ui = (
      <StrictMode>
        <ChatWrapper<TOOLS> {...props} chat={chat} />
      </StrictMode>
    );
  }
  const rendered = tl.render(ui);
  let mounted = true;
  const unmount = () => {
    if (!mounted) return;
    mounted = false;
    rendered.unmount();
    if (owned) chat.dispose();
  };
  await afterThisTest(unmount);
  const any = chat as unknown as ToolChat;
  const driver: WaitDriver = { act: (work) => tl.act(work) };
  const wait = <T,>(check: ChatCheck<T>, name: string, waitOptions?: WaitOptions) => waitForChat(any, check, name, waitOptions, driver);

  const answer = async (name: string, toolName: string | undefined, waitOptions: WaitOptions | undefined, decide: (toolCallId: string) => void) => {
    const call = await wait(awaitingApproval(toolName), name, waitOptions);
    await tl.act(async () => decide(call.toolCallId));
    // Until the answer has reached the call, it still waits: that is not the next turn yet.
    const answered: ChatCheck<ToolChatSnapshot> = (c) => (c.getToolCall(call.toolCallId)?.phase === 'awaiting-approval' ? undefined : usersTurn(c));
    return (await wait(answered, name, waitOptions)) as ToolChatSnapshot<TOOLS>;
  };

  return {
    chat,
    container: rendered.container,
    async send(message, waitOptions) {
      let sent = false;
      let failed: { error: unknown } | undefined;
      await tl.act(async () => {
        chat.sendMessage(message).then(
          () => (sent = true),
          (error: unknown) => (failed = { error }),
        );
      });
      // The message has left and its response ended: what the chat does next is the loop's.
      const afterSend: ChatCheck<ToolChatSnapshot> = (c) => {
        if (failed) return { hopeless: `sendMessage failed: ${failed.error instanceof Error ? failed.error.message : String(failed.error)}` };
        return sent ? usersTurn(c) : undefined;
      };
      return (await wait(afterSend, 'send', waitOptions)) as ToolChatSnapshot<TOOLS>;
    },
    approve: (toolName, waitOptions) => answer('approve', toolName, waitOptions, (id) => chat.approve(id)),
    deny: (toolName, waitOptions) => answer('deny', toolName, waitOptions, (id) => chat.deny(id, ...(waitOptions?.reason === undefined ? [] : [waitOptions.reason]))),
    waitForIdle: async (waitOptions) => (await wait(idle, 'waitForIdle', waitOptions)) as ToolChatSnapshot<TOOLS>,
    unmount,
  };
}

/** Testing Library, loaded by the first render: the kit's other helpers run without it. */
function loadTestingLibrary(): Promise<TestingLibrary> {
  testingLibrary ??= import('@testing-library/react').catch((error: unknown) => {
    testingLibrary = undefined;
    throw new Error('renderChat needs @testing-library/react: npm install -D @testing-library/react @testing-library/dom', { cause: error });
  });
  return testingLibrary;
}
