import { render, screen } from '@testing-library/react';
import { ChatWrapper } from 'toolchat';

// Chunks loaded after the first render cannot be fetched (offline, or removed by a deploy).
vi.mock('../../../src/react/components/message-action-bar', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

const transport = { sendMessages: async () => new ReadableStream(), reconnectToStream: async () => null };

describe('given a chunk loaded after the first render fails to load', () => {
  it('keeps the chat usable and leaves the app no unhandled rejection', async () => {
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on('unhandledRejection', onRejection);
    try {
      render(<ChatWrapper transport={transport} />);
      expect(screen.getByRole('textbox', { name: 'Message' })).toBeTruthy();
      // The preload settles (and fails) within a few turns of the event loop.
      await new Promise((resolve) => setImmediate(resolve));
      await new Promise((resolve) => setImmediate(resolve));
      expect(rejections).toEqual([]);
    } finally {
      process.off('unhandledRejection', onRejection);
    }
  });
});
