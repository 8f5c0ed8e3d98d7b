// toolchat/locales: every string of the chat in one language per export, the parts' included.
// `<ChatWrapper labels={de}>` translates the chat; `<ThreadList labels={deThreadList}>` the list
// of chats. Each is a plain object: spread it to change a few strings. An app bundles only the
// languages it imports.
export { ar, arThreadList } from './ar';
export { de, deThreadList } from './de';
export { en, enThreadList } from './en';
export { es, esThreadList } from './es';
export { fr, frThreadList } from './fr';
export { ja, jaThreadList } from './ja';
export type { LocaleLabels } from '../react/components/part-labels';
export type { ThreadListLabels } from '../react/components/thread-list';

/** The languages toolchat/locales has, by their BCP 47 tags. */
export const localeNames = ['ar', 'de', 'en', 'es', 'fr', 'ja'] as const;

/** Languages written right to left: lay the chat out with `dir="rtl"`. */
export function isRightToLeft(locale: string): boolean {
  return /^(?:ar|fa|he|ur|ps|sd|yi|dv|ug|ckb)(?:-|$)/i.test(locale);
}
