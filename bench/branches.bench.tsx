// First: the DOM globals must exist before React loads (a bare import would be tree-shaken).
import { domReady } from './support/dom';
import type { UIMessage } from 'ai';
import { Profiler, type ProfilerOnRenderCallback } from 'react';
import { createRoot } from 'react-dom/profiling';
import { createChatPersistence, createToolChat, memoryGrants, memoryStorage, type Branch } from '../src/core/index';
import { ChatWrapper } from '../src/react/components/index';
import { longThread } from '../test/support/long-thread';
import { median, round, until } from './support/measure';
import { tokenTransport } from './support/token-transport';
import type { BenchRow } from './types';

const BENCH = 'branches';
domReady();

const MESSAGES = 1_000;
const VERSIONS = 10;
/** The message with versions: the second question, near the top of the thread. */
const AT = 2;

/**
 * A 1,000-message thread whose second question has 10 versions, each with a whole tail of its
 * own (ids of its own): every switch replaces every row on screen.
 */
async function storedThread() {
  const path = longThread(MESSAGES);
  const branches: Branch[] = [];
  for (let version = 1; version < VERSIONS; version++) {
    const tail = path.slice(AT).map((message, i): UIMessage => {
      const id = `v${version}-${message.id}`;
      return i === 0 ? { ...message, id, parts: [{ type: 'text', text: `Version ${version + 1} of the question` }] } : { ...message, id };
    });
    branches.push({ parentId: path[AT - 1]!.id, index: version, messages: tail });
  }
  const storage = memoryStorage();
  await createChatPersistence({ storage, chatId: 'branches' }).save(path, { immediate: true, branches });
  return storage;
}

export default async function run(): Promise<BenchRow[]> {
  const storage = await storedThread();
  const chat = createToolChat({ id: 'branches', storage, transport: tokenTransport(1), grants: memoryGrants() });
  await chat.ready;

  // The chat alone, no React: what the core's part of a switch costs, and how many notifications.
  const core: number[] = [];
  let notified = 0;
  const unsubscribe = chat.subscribe(() => notified++);
  const coreOrder = [...Array.from({ length: VERSIONS - 1 }, (_, i) => i + 1), 0];
  const coreNotified: number[] = [];
  for (const [n, index] of [...coreOrder, ...coreOrder].entries()) {
    notified = 0;
    const start = performance.now();
    await chat.switchBranch(chat.getState().messages[AT]!.id, index);
    const ms = performance.now() - start;
    await new Promise((resolve) => setTimeout(resolve, 50));
    if (n >= coreOrder.length) {
      core.push(ms);
      coreNotified.push(notified);
    }
  }
  unsubscribe();

  const commits: number[] = [];
  let counting = false;
  const onRender: ProfilerOnRenderCallback = () => {
    if (counting) commits.push(performance.now());
  };
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  root.render(
    <Profiler id="chat" onRender={onRender}>
      <ChatWrapper chat={chat} />
    </Profiler>,
  );
  await until(() => host.querySelector('.toolchat-log-content')?.lastElementChild !== null && host.querySelector('.toolchat-log-content') !== null);
  await new Promise((resolve) => setTimeout(resolve, 200));

  const times: number[] = [];
  const perSwitch: number[] = [];
  // Every version once, then back to the first: each switch from a quiet chat.
  const order = [...Array.from({ length: VERSIONS - 1 }, (_, i) => i + 1), 0];
  for (const [n, index] of [...order, ...order].entries()) {
    const shown = chat.getState().messages[AT]!.id;
    commits.length = 0;
    counting = true;
    const start = performance.now();
    await chat.switchBranch(shown, index);
    const resolved = performance.now() - start;
    await until(() => commits.length > 0, 10_000, 1);
    if (process.env['BENCH_VERBOSE']) console.error(`switch resolved after ${resolved.toFixed(1)} ms`);
    const ms = commits[0]! - start;
    // Anything more this switch brings commits within a few frames.
    await new Promise((resolve) => setTimeout(resolve, 100));
    counting = false;
    // The first round warms up the JIT; the second is measured.
    if (n >= order.length) {
      times.push(ms);
      perSwitch.push(commits.length);
    }
    if (chat.getBranches(chat.getState().messages[AT]!.id).index !== index) throw new Error('bench: the switch did not show the version');
  }
  root.unmount();
  host.remove();
  chat.dispose();

  if (process.env['BENCH_VERBOSE']) console.error(`core: ${core.map((ms) => ms.toFixed(1)).join(' ')} ms; notified ${coreNotified.join(' ')}`);
  if (process.env['BENCH_VERBOSE']) console.error(`branches: ${times.map((ms) => ms.toFixed(1)).join(' ')} ms; commits ${perSwitch.join(' ')}`);
  return [
    { bench: BENCH, case: 'the chat alone (no React): a switch, median', value: round(median(core)), unit: 'ms' },
    { bench: BENCH, case: 'the chat alone: notifications of its subscribers per switch (most)', value: Math.max(...coreNotified), unit: 'notifications', target: '= 1' },
    {
      bench: BENCH,
      case: `switching among ${VERSIONS} versions of the 3rd message of a ${MESSAGES}-message thread (each with its own tail): from the call to the commit, median`,
      value: round(median(times)),
      unit: 'ms',
      target: '≤ 16',
    },
    { bench: BENCH, case: 'the same, slowest switch', value: round(Math.max(...times)), unit: 'ms', target: '≤ 16' },
    { bench: BENCH, case: 'React commits per switch (most)', value: Math.max(...perSwitch), unit: 'commits', target: '= 1' },
  ];
}
