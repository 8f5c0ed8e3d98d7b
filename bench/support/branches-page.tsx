// The page of `bench/chromium-branches.bench.ts`: a 1,000-message thread restored with 10
// versions of its 3rd message (`?tails=own`: each with a tail of its own; `?tails=short`: the
// edits with their answer only) in `ChatWrapper`, React's production build, renders unpaced
// (`throttle: 0`) so that the baseline's `setMessages` does not wait for the render pace. It leaves on
// `window.__branches` what the bench drives: a switch, the same change without branches, and a
// reveal of the whole thread from its top. Not a test: figures only.
import { createRoot } from 'react-dom/client';
import { ChatWrapper, createChatPersistence, createToolChat, memoryGrants, memoryStorage, preloadMarkdown } from 'toolchat';
import { AT, versionedThread } from './branch-versions';

export interface BranchesPage {
  /** Shows the `index`-th version (`switchBranch`): from the call to the commit, and to the next frame painted. */
  switchTo(index: number): Promise<{ commitMs: number; paintMs: number }>;
  /** The same path shown without branches (`setMessages`): the baseline. */
  show(index: number): Promise<{ commitMs: number; paintMs: number }>;
  /** "Show earlier messages" until the whole thread is shown; resolves with the rows shown. */
  revealTop(): Promise<number>;
}

declare global {
  interface Window {
    __branches?: BranchesPage;
  }
}

const tails = new URLSearchParams(location.search).get('tails') === 'short' ? 'short' : 'own';
const { path, branches, paths } = versionedThread(tails, { varied: true });
const storage = memoryStorage();
await createChatPersistence({ storage, chatId: 'branches' }).save(path, { immediate: true, branches });
const chat = createToolChat({ id: 'branches', storage, transport: { sendMessages: () => Promise.reject(new Error('not in this bench')), reconnectToStream: async () => null }, grants: memoryGrants(), throttle: 0 });
await chat.ready;
await preloadMarkdown();

const host = document.getElementById('root')!;
createRoot(host).render(<ChatWrapper chat={chat} />);

const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
/** The commit is the first change of the log's DOM; the paint, the frame after it (a task queued in its rAF runs after paint). */
async function timed(change: () => unknown): Promise<{ commitMs: number; paintMs: number }> {
  const log = host.querySelector('[role="log"]')!;
  let committed: number | undefined;
  const observer = new MutationObserver(() => (committed ??= performance.now()));
  observer.observe(log, { childList: true, subtree: true, characterData: true, attributes: true });
  const start = performance.now();
  await change();
  while (committed === undefined) await frame();
  await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
  const painted = performance.now();
  observer.disconnect();
  // Quiet again before the next change.
  await frame();
  await frame();
  return { commitMs: committed - start, paintMs: painted - start };
}

while (!host.querySelector('.toolchat-message')) await frame();
window.__branches = {
  switchTo: (index) => timed(() => chat.switchBranch(chat.getState().messages[AT]!.id, index)),
  show: (index) => timed(() => chat.setMessages(paths[index]!)),
  async revealTop() {
    for (let button = host.querySelector<HTMLButtonElement>('.toolchat-earlier'); button; button = host.querySelector<HTMLButtonElement>('.toolchat-earlier')) {
      button.click();
      await frame();
    }
    host.querySelector('[role="log"]')!.scrollTop = 0;
    await frame();
    return host.querySelectorAll('.toolchat-message').length;
  },
};
