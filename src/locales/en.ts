import { defaultUiLabels } from '../react/components/labels';
import { partLabels, type LocaleLabels } from '../react/components/part-labels';
import { defaultThreadListLabels } from '../react/components/thread-list';
import type { ThreadListLabels } from '../react/components/thread-list';

/**
 * English: the chat's own defaults, every part's included. An app that switches languages
 * loads it like the others; one that only speaks English needs nothing.
 */
export const en: LocaleLabels = { ...defaultUiLabels, ...partLabels };

/** English strings of `ThreadList`: its defaults. */
export const enThreadList: ThreadListLabels = defaultThreadListLabels;
