import type { ArgTypes } from '@storybook/react-vite';
import { ChatWrapper, createDemoTransport, type ChatWrapperProps } from 'toolchat';

/**
 * Controls for the main props, on every story: change them in the Controls panel and the chat
 * follows (marker mode starts a new chat with the demo model in marker mode).
 */
export const playgroundArgTypes = {
  // The main props, first in the table (no category).
  maxToolRounds: {
    description: 'Tool rounds before one more request goes out with tools disabled (the round-limit notice follows).',
    control: { type: 'number', min: 1, max: 20, step: 1 },
    table: { defaultValue: { summary: '5' } },
  },
  toolMarkers: {
    description: "`'on'` reads legacy `###:{…}` tool-call markers in the model's text (the demo model then writes them).",
    control: 'inline-radio',
    options: ['off', 'on'],
    table: { defaultValue: { summary: "'off'" } },
  },
  theme: {
    description: "Colour scheme; `'system'` follows `prefers-color-scheme`.",
    control: 'inline-radio',
    options: ['system', 'light', 'dark'],
    table: { defaultValue: { summary: "'system'" } },
  },
  labels: {
    description:
      'Every user-visible string (partial; English by default), e.g. `{ "emptyState": "Wie kann ich helfen?", "continue": "Weiter", "approve": "Erlauben" }`.',
    control: 'object',
  },
  throttle: {
    description: 'Least milliseconds between two renders while the answer streams.',
    control: { type: 'range', min: 0, max: 500, step: 16 },
    table: { defaultValue: { summary: '16' } },
  },
  // Set by each story: functions and objects the Controls panel cannot edit.
  transport: { control: false, table: { category: 'Source' } },
  api: { control: false, table: { category: 'Source' } },
  fetch: { control: false, table: { category: 'Source' } },
  legacyToolClients: { table: { category: 'Source' } },
  tools: { control: false, table: { category: 'Tools' } },
  timeoutMs: { table: { category: 'Tools' } },
  concurrency: { table: { category: 'Tools' } },
  maxOutputBytes: { table: { category: 'Tools' } },
  maxTokens: { table: { category: 'Loop' } },
  autoContinue: { control: false, table: { category: 'Loop' } },
  debug: { table: { category: 'Loop' } },
  now: { control: false, table: { category: 'Loop' } },
  random: { control: false, table: { category: 'Loop' } },
  id: { table: { category: 'Conversation' } },
  keepAliveMs: { table: { category: 'Conversation' } },
  storage: { control: false, table: { category: 'Conversation' } },
  initialMessages: { control: false, table: { category: 'Conversation' } },
  onChatChange: { control: false, table: { category: 'Conversation' } },
  renderTool: { control: false, table: { category: 'Look' } },
  highlightCode: { control: false, table: { category: 'Look' } },
  suggestions: { table: { category: 'Look' } },
  className: { table: { category: 'Look' } },
  onToolCall: { control: false, table: { category: 'Events' } },
  onToolResult: { control: false, table: { category: 'Events' } },
  onEvent: { control: false, table: { category: 'Events' } },
  onStatus: { control: false, table: { category: 'Events' } },
  onFinish: { control: false, table: { category: 'Events' } },
  onError: { control: false, table: { category: 'Events' } },
} satisfies Partial<ArgTypes<ChatWrapperProps>>;

const markerTransport = createDemoTransport({ delayMs: 10, toolMarkers: true });

/**
 * Renders the story's `ChatWrapper`. A chat's transport is fixed when it starts, so switching
 * `toolMarkers` starts a new chat, on the demo model writing markers when it is on.
 */
export function renderChat(args: ChatWrapperProps) {
  const markers = args.toolMarkers === 'on';
  const transport = markers ? markerTransport : args.transport;
  return <ChatWrapper key={markers ? 'markers' : 'native'} {...args} {...(transport ? { transport } : {})} />;
}
