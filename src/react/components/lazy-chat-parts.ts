import { afterMount } from './after-mount';

// The parts of `chat-parts.ts`, out of the chat's first load and out of the chunk every chat
// loads after mount: fetched the first time one renders (an answer with sources or follow-ups,
// a meter or a microphone the app turned on), shown once they are in.
const parts = /* @__PURE__ */ afterMount(() => import('./chat-parts'));

export const ContextMeter = /* @__PURE__ */ parts.part((chunk) => chunk.ContextMeter);
export const FeedbackButtons = /* @__PURE__ */ parts.part((chunk) => chunk.FeedbackButtons);
export const FollowUps = /* @__PURE__ */ parts.part((chunk) => chunk.FollowUps);
export const SourceList = /* @__PURE__ */ parts.part((chunk) => chunk.SourceList);
export const DictationButton = /* @__PURE__ */ parts.part((chunk) => chunk.DictationButton);
export const ReadAloudButton = /* @__PURE__ */ parts.part((chunk) => chunk.ReadAloudButton);

/** Starts loading them; resolves once every one renders at once. */
export const preloadChatParts = parts.preload;
