// A jsdom window as the global environment, installed before React loads: import this
// module first. React's production build is used (the runner defines NODE_ENV), with
// react-dom's profiling build so `<Profiler onRender>` reports commits.
import { JSDOM } from 'jsdom';

const dom = new JSDOM('<!doctype html><html><body></body></html>', {
  pretendToBeVisual: true,
  url: 'http://localhost/',
});
const win = dom.window as unknown as Window & typeof globalThis;
const g = globalThis as Record<string, unknown>;
for (const key of Object.getOwnPropertyNames(win)) {
  if (key in globalThis) continue;
  g[key] = (win as unknown as Record<string, unknown>)[key];
}
// Node has its own (faster, native) versions of these; React and the DOM code need jsdom's.
for (const key of ['window', 'document', 'navigator', 'HTMLElement', 'Element', 'Node', 'Event', 'KeyboardEvent', 'MouseEvent', 'InputEvent', 'MutationObserver', 'requestAnimationFrame', 'cancelAnimationFrame', 'getComputedStyle'] as const) {
  Object.defineProperty(globalThis, key, { value: (win as unknown as Record<string, unknown>)[key], configurable: true, writable: true });
}
Object.defineProperty(globalThis, 'window', { value: win, configurable: true, writable: true });
g['IS_REACT_ACT_ENVIRONMENT'] = false;

export const jsdomWindow = win;

/** Call from the bench module so the bundler keeps this module (and its place before React). */
export function domReady(): Window {
  return win;
}
