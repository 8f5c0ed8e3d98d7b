import type { Decorator } from '@storybook/react-vite';

/** A chat-sized column, so stories look like a chat in a page; on a Docs page, a chat-sized box. */
export const chatFrame: Decorator = (Story, { viewMode }) => (
  <div style={{ height: viewMode === 'docs' ? 560 : '100vh', maxWidth: 800, margin: '0 auto' }}>
    <Story />
  </div>
);

/** Generous: the demo model streams word by word, and CI machines are slow. */
export const long = { timeout: 15_000 };
