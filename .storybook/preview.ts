import type { Preview } from '@storybook/react-vite';
import { createElement, StrictMode } from 'react';
import '../src/react/styles.css';

const preview: Preview = {
  parameters: {
    layout: 'fullscreen',
  },
  // Every story renders twice in development, as apps do: effects and the tool loop must
  // survive a remount without running a tool twice. (The framework's `strictMode` option
  // lives in main.ts; a decorator keeps it with the stories.)
  decorators: [(Story) => createElement(StrictMode, null, createElement(Story))],
};

export default preview;
