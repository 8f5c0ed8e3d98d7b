// `toolchat/testing`: test an app's tools and chat without a network. Scripted models and
// transports, a `fetch` into a route handler, waits that drive Vitest's fake timers, and
// `renderChat` on Testing Library. Vitest and Testing Library are optional peers, loaded by the
// helpers that use them, never by another entry.
export type { ModelScript, ScriptStep, ScriptedAnswer, ScriptedSource, ScriptedToolCall, ScriptedModelCall, ScriptedToolResult } from './script';
export { scriptedModel, type ScriptedModel, type ScriptedModelOptions } from './scripted-model';
export { scriptedTransport, type ScriptedRequest, type ScriptedTransport } from './scripted-transport';
export { routeFetch, type RouteHandler } from './route-fetch';
export { waitForApproval, waitForIdle, type WaitOptions } from './wait-for-chat';
export { renderChat, type RenderedChat } from './render-chat';
