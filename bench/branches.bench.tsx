// First: the DOM globals must exist before React loads (a bare import would be tree-shaken).
import { domReady } from './support/dom';
import { Profiler, type ProfilerOnRenderCallback } from 'react';
import { createRoot, type Root } from 'react-dom/profiling';
import { createChatPersistence, createToolChat, memoryGrants, memoryStorage, type ToolChat } from '../src/core/index';
import { ChatWrapper } from '../src/react/components/index';
import { AT, MESSAGES, VERSIONS, versionedThread } from './support/branch-versions';
import { median, round, until } from './support/measure';
import { tokenTransport } from './support/token-transport';
import type { BenchRow } from './types';

const BENCH = 'branches';
domReady();

async function chatWith(tails: 'own' | 'short') {
  const { path, branches, paths } = versionedThread(tails);
  const storage = memoryStorage();
  await createChatPersistence({ storage, chatId: tails }).save(path, { immediate: true, branches });
  // Renders unpaced: the baseline's `setMessages` would otherwise wait for the render pace.
  const chat = createToolChat({ id: tails, storage, transport: tokenTransport(1), grants: memoryGrants(), throttle: 0 });
  await chat.ready;
  return { chat, paths };
}

/** `ChatWrapper` on `chat` in a Profiler: `commits` holds the time of each commit while `counting`. */
async function mount(chat: ToolChat) {
  const probe = { commits: [] as number[], counting: false };
  const onRender: ProfilerOnRenderCallback = () => {
    if (probe.counting) probe.commits.push(performance.now());
  };
  const host = document.createElement('div');
  document.body.append(host);
  const root: Root = createRoot(host);
  root.render(
    <Profiler id="chat" onRender={onRender}>
      <ChatWrapper chat={chat} />
    </Profiler>,
  );
  await until(() => host.querySelector('.toolchat-log-content')?.lastElementChild != null);
  await new Promise((resolve) => setTimeout(resolve, 200));
  return {
    host,
    /** Runs `change` from a quiet chat: from its call to the first commit, and the commits it brought. */
    async time(change: () => unknown): Promise<{ ms: number; commits: number }> {
      probe.commits.length = 0;
      probe.counting = true;
      const start = performance.now();
      await change();
      await until(() => probe.commits.length > 0, 10_000, 1);
      const ms = probe.commits[0]! - start;
      // Anything more the change brings commits within a few frames.
      await new Promise((resolve) => setTimeout(resolve, 100));
      probe.counting = false;
      return { ms, commits: probe.commits.length };
    },
    unmount() {
      root.unmount();
      host.remove();
    },
  };
}

/** Shows the whole thread from its top, as a reader who scrolled up to the question does ("Show earlier messages" until it goes). */
async function revealTop(host: HTMLElement) {
  for (let button = host.querySelector<HTMLButtonElement>('.toolchat-earlier'); button; button = host.querySelector<HTMLButtonElement>('.toolchat-earlier')) {
    button.click();
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

export default async function run(): Promise<BenchRow[]> {
  // The chat alone, no React: what the core's part of a switch costs, and how many notifications.
  const alone = await chatWith('own');
  const core: number[] = [];
  const coreNotified: number[] = [];
  let notified = 0;
  const unsubscribe = alone.chat.subscribe(() => notified++);
  const order = [...Array.from({ length: VERSIONS - 1 }, (_, i) => i + 1), 0];
  for (const [n, index] of [...order, ...order].entries()) {
    notified = 0;
    const start = performance.now();
    await alone.chat.switchBranch(alone.chat.getState().messages[AT]!.id, index);
    const ms = performance.now() - start;
    await new Promise((resolve) => setTimeout(resolve, 50));
    if (n >= order.length) {
      core.push(ms);
      coreNotified.push(notified);
    }
  }
  unsubscribe();
  alone.chat.dispose();

  // Every row replaced, the view at the end of the thread (where a restored chat opens).
  const own = await chatWith('own');
  const ownView = await mount(own.chat);
  const ownSwitches: { ms: number; commits: number }[] = [];
  for (const [n, index] of [...order, ...order].entries()) {
    const timed = await ownView.time(() => own.chat.switchBranch(own.chat.getState().messages[AT]!.id, index));
    // The first round warms up the JIT; the second is measured.
    if (n >= order.length) ownSwitches.push(timed);
    if (own.chat.getBranches(own.chat.getState().messages[AT]!.id).index !== index) throw new Error('bench: the switch did not show the version');
  }
  // The baseline: the same change without branches, the app showing another path of the same
  // length (`setMessages`, every row after the question new): what showing those rows costs.
  const ownBaseline: number[] = [];
  for (const [n, index] of [...order, ...order].entries()) {
    const { ms } = await ownView.time(() => own.chat.setMessages(own.paths[index]!));
    if (n >= order.length) ownBaseline.push(ms);
  }
  ownView.unmount();
  own.chat.dispose();

  // What an edit near the top makes, read from the top: the whole thread shown, and the
  // question's versions switched among those with their answer only (two rows replaced).
  const short = await chatWith('short');
  const shortView = await mount(short.chat);
  await revealTop(shortView.host);
  const rowsShown = shortView.host.querySelectorAll('.toolchat-message').length;
  const shortSwitches: { ms: number; commits: number }[] = [];
  const shortOrder = [...Array.from({ length: VERSIONS - 2 }, (_, i) => i + 2), 1];
  const firstRow = shortView.host.querySelector('.toolchat-message');
  for (const [n, index] of [1, ...shortOrder, ...shortOrder].entries()) {
    const timed = await shortView.time(() => short.chat.switchBranch(short.chat.getState().messages[AT]!.id, index));
    if (n > shortOrder.length) shortSwitches.push(timed);
  }
  // The rows both versions share stay the same elements.
  const sharedKept = shortView.host.querySelector('.toolchat-message') === firstRow;
  // To the long version and back: 998 rows mount, then unmount.
  const toLong = await shortView.time(() => short.chat.switchBranch(short.chat.getState().messages[AT]!.id, 0));
  const toShort = await shortView.time(() => short.chat.switchBranch(short.chat.getState().messages[AT]!.id, 1));
  const shortBaseline: number[] = [];
  for (const [n, index] of [...shortOrder, ...shortOrder].entries()) {
    const { ms } = await shortView.time(() => short.chat.setMessages(short.paths[index]!));
    if (n >= shortOrder.length) shortBaseline.push(ms);
  }
  shortView.unmount();
  short.chat.dispose();

  const ownMs = median(ownSwitches.map(({ ms }) => ms));
  const ownBase = median(ownBaseline);
  const shortMs = median(shortSwitches.map(({ ms }) => ms));
  const shortBase = median(shortBaseline);
  if (process.env['BENCH_VERBOSE']) {
    console.error(`core: ${core.map((ms) => ms.toFixed(1)).join(' ')} ms; notified ${coreNotified.join(' ')}`);
    console.error(`own tails: ${ownSwitches.map(({ ms }) => ms.toFixed(1)).join(' ')} ms; baseline ${ownBaseline.map((ms) => ms.toFixed(1)).join(' ')}`);
    console.error(`short tails (${rowsShown} rows): ${shortSwitches.map(({ ms }) => ms.toFixed(1)).join(' ')} ms; baseline ${shortBaseline.map((ms) => ms.toFixed(1)).join(' ')}; to long ${toLong.ms.toFixed(0)}, back ${toShort.ms.toFixed(0)}`);
  }
  const ownCase = `ChatWrapper, 10 versions of the 3rd message of a ${MESSAGES}-message thread, each with its own tail, the view at the end (its 40 rows all replaced): a switch, call to commit, median`;
  const shortCase = `ChatWrapper, the same thread read from its top (${rowsShown} rows shown), the question's 9 edits each with its answer: a switch, call to commit, median`;
  return [
    { bench: BENCH, case: 'the chat alone (no React): a switch, median', value: round(median(core)), unit: 'ms' },
    { bench: BENCH, case: 'the chat alone: notifications of its subscribers per switch (most)', value: Math.max(...coreNotified), unit: 'notifications', target: '= 1' },
    {
      bench: BENCH,
      case: 'ChatWrapper, its 40 rows replaced without branches (setMessages of a path as long): call to commit, median',
      value: round(ownBase),
      unit: 'ms',
    },
    {
      bench: BENCH,
      case: ownCase,
      value: round(ownMs),
      unit: 'ms',
      baseline: 'its 40 rows replaced without branches',
      ratio: round(ownMs / ownBase),
      target: '≤ 16',
      targetOf: 'value',
    },
    { bench: BENCH, case: 'the same, slowest switch', value: round(Math.max(...ownSwitches.map(({ ms }) => ms))), unit: 'ms', target: '≤ 16', targetOf: 'value' },
    { bench: BENCH, case: 'the same, React commits per switch (most)', value: Math.max(...ownSwitches.map(({ commits }) => commits)), unit: 'commits', target: '= 1', targetOf: 'value' },
    {
      bench: BENCH,
      case: `ChatWrapper, the thread read from its top: the question and its answer replaced without branches (setMessages), call to commit, median`,
      value: round(shortBase),
      unit: 'ms',
    },
    {
      bench: BENCH,
      case: shortCase,
      value: round(shortMs),
      unit: 'ms',
      baseline: 'the question and its answer replaced without branches',
      ratio: round(shortMs / shortBase),
      target: '≤ 16',
      targetOf: 'value',
    },
    { bench: BENCH, case: 'the same, slowest switch', value: round(Math.max(...shortSwitches.map(({ ms }) => ms))), unit: 'ms', target: '≤ 16', targetOf: 'value' },
    { bench: BENCH, case: 'the same, React commits per switch (most)', value: Math.max(...shortSwitches.map(({ commits }) => commits)), unit: 'commits', target: '= 1', targetOf: 'value' },
    { bench: BENCH, case: 'the same: the rows both versions share kept (the same elements)', value: sharedKept ? 1 : 0, unit: 'yes', target: '= 1', targetOf: 'value' },
    { bench: BENCH, case: `the same, to the first version (its ${MESSAGES - AT} rows mount) and back (they unmount): call to commit`, value: round(toLong.ms), unit: `ms (back ${round(toShort.ms)} ms)` },
  ];
}
