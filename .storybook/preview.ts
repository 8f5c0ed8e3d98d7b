import type { Preview } from '@storybook/react-vite';
import { createElement, StrictMode } from 'react';
import '../src/react/styles.css';
import { componentSource } from '../stories/support/source';

const preview: Preview = {
  // A Docs page for every component with stories: its props, and its stories to try.
  tags: ['autodocs'],
  parameters: {
    layout: 'fullscreen',
    // Axe runs after every story; a violation fails the story's test.
    a11y: { test: 'error' },
    controls: { expanded: true, sort: 'requiredFirst' },
    // "Show code": the code a person would write for the story, not a dump of its args.
    docs: { source: { transform: componentSource } },
    options: { storySort: { order: ['ChatWrapper', ['Docs', '*', 'Tools', 'Turn notices'], 'Hooks', 'Parts', 'Examples', 'MCP'] } },
  },
  // Every story renders twice in development, as apps do: effects and the tool loop must
  // survive a remount without running a tool twice. (The framework's `strictMode` option
  // lives in main.ts; a decorator keeps it with the stories.)
  decorators: [(Story) => createElement(StrictMode, null, createElement(Story))],
  // "Always allow" is the user's, kept in localStorage across chats: each story starts as a new user.
  beforeEach: () => {
    localStorage.clear();
  },
};

export default preview;
