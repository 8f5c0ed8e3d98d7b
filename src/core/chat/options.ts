import { checkLoopOptions, resolveLoopOptions, type ResolvedLoopOptions } from '../loop/tool-loop-options';
import type { ToolSet } from '../tools/define-tool';
import { checkNumberOption, numberRules } from '../tools/number-options';
import type { ToolChatOptions } from './types';
import { shallowEqual } from './shallow-equal';

/** One render per frame while tokens stream. */
export const DEFAULT_THROTTLE_MS = 16;
/** How long a chat waits for its storage to load the stored conversation. */
export const DEFAULT_STORAGE_TIMEOUT_MS = 5000;
/** How long an unmounted chat with an `id` stays alive. */
export const DEFAULT_KEEP_ALIVE_MS = 5 * 60_000;

/**
 * A chat's options with every default filled in: what the chat, its loop, its transport and
 * its parts read (`chat.options`). The defaults are written here and in `resolveLoopOptions`,
 * nowhere else.
 */
export type ResolvedToolChatOptions<TOOLS extends ToolSet = ToolSet> = ToolChatOptions<TOOLS> &
  ResolvedLoopOptions<TOOLS> &
  Required<Pick<ToolChatOptions<TOOLS>, 'api' | 'toolMarkers' | 'throttle' | 'keepAliveMs' | 'storageTimeoutMs'>>;

/**
 * Checks the options (a `TypeError` naming a bad one, where it enters), then fills in every
 * default. Given the options before, `labels` that read the same keep their object: an inline
 * `labels={{…}}` is a new object every render, and what shows them must not render again for it.
 */
export function resolveToolChatOptions<TOOLS extends ToolSet>(options: ToolChatOptions<TOOLS>, previous?: ResolvedToolChatOptions<TOOLS>): ResolvedToolChatOptions<TOOLS> {
  checkChatNumbers(options as ToolChatOptions);
  const labels = previous && shallowEqual(previous.labels, options.labels) ? previous.labels : options.labels;
  return {
    ...resolveLoopOptions(options),
    ...(labels === undefined ? {} : { labels }),
    api: options.api ?? '/api/chat',
    toolMarkers: options.toolMarkers ?? 'off',
    throttle: options.throttle ?? DEFAULT_THROTTLE_MS,
    keepAliveMs: options.keepAliveMs ?? DEFAULT_KEEP_ALIVE_MS,
    storageTimeoutMs: options.storageTimeoutMs ?? DEFAULT_STORAGE_TIMEOUT_MS,
  };
}

/** Options are the app's code: a bad number is a `TypeError` naming it, where it enters. */
export function checkToolChatOptions(options: ToolChatOptions): void {
  checkLoopOptions(options);
  checkChatNumbers(options);
}

function checkChatNumbers(options: ToolChatOptions): void {
  checkNumberOption('throttle', options.throttle, numberRules.throttle);
  checkNumberOption('keepAliveMs', options.keepAliveMs, numberRules.keepAliveMs);
  checkNumberOption('storageTimeoutMs', options.storageTimeoutMs, numberRules.storageTimeoutMs);
}
