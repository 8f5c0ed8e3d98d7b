import type { DemoTurn } from './scenarios';

/** A source the demo model cites: a web page, or a document it was given. */
export type DemoSource =
  | { sourceType: 'url'; id: string; url: string; title: string }
  | { sourceType: 'document'; id: string; mediaType: string; title: string; filename: string };

const SOURCES: DemoSource[] = [
  { sourceType: 'url', id: 'src-ai-sdk', url: 'https://ai-sdk.dev/docs/introduction', title: 'AI SDK documentation' },
  { sourceType: 'url', id: 'src-react', url: 'https://react.dev/learn', title: 'React: Quick Start' },
  {
    sourceType: 'url',
    id: 'src-web-speech',
    url: 'https://developer.mozilla.org/en-US/docs/Web/API/Web_Speech_API',
    title: 'Web Speech API - MDN Web Docs',
  },
  { sourceType: 'document', id: 'src-design', mediaType: 'application/pdf', title: 'toolchat design notes', filename: 'design.pdf' },
];

/**
 * The answer with sources: what toolchat is built on, each claim marked with the number of the
 * source it comes from (`[1]`), the sources as the AI SDK's source parts (three web pages and
 * a document), and follow-ups.
 */
export function citedTurn(): DemoTurn {
  return {
    text:
      'toolchat streams answers and runs tool calls with the Vercel AI SDK [1], and draws the chat with React [2]. ' +
      'Reading answers aloud and dictating messages use the browser\'s Web Speech API [3], so they only show where the browser has it. ' +
      'Tools run in your browser, and the server never needs to know them [4][1].',
    toolCalls: [],
    sources: SOURCES,
    suggestions: ["What's the weather in Tokyo and London?", 'What is 2+2 and the time in Tokyo?'],
  };
}
