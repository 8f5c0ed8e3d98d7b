// `toolchat/marker`: the legacy `###:` text marker for text-only models, on its own entry so an
// app imports it only when it uses it. `ChatWrapper` and `useToolChat` load the same modules on
// demand when `toolMarkers` is `'on'`; `toolchat/core` re-exports them for existing imports.
export * from '../core/marker/index';
