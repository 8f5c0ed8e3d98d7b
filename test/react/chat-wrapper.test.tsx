import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ChatWrapper, createDemoTransport, defineTool } from 'toolchat';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('given a chat with a weather tool on the demo model', () => {
  it('shows the message, "Executing Get weather…", the tool card, then the answer from the result', async () => {
    const user = userEvent.setup();
    const gate = deferred<{ city: string; tempC: number; condition: string }>();
    let runs = 0;
    const tools = {
      getWeather: defineTool({
        description: 'Current weather for a city',
        inputSchema: z.object({ city: z.string() }),
        execute: () => {
          runs++;
          return gate.promise;
        },
      }),
    };
    render(
      <StrictMode>
        <ChatWrapper transport={createDemoTransport()} tools={tools} />
      </StrictMode>,
    );

    await user.type(screen.getByRole('textbox'), "What's the weather in Paris?");
    await user.click(screen.getByRole('button', { name: 'Send' }));

    const log = screen.getByRole('log');
    expect(within(log).getByText("What's the weather in Paris?")).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Executing Get weather…'));
    expect(screen.getByRole('button', { name: 'Stop' })).toBeTruthy();

    // The card: named by its tool, collapsible, with the arguments while it runs.
    const card = within(log).getByRole('group', { name: 'Get weather' });
    const header = within(card).getByRole('button', { name: /Get weather/ });
    await user.click(header);
    expect(header.getAttribute('aria-expanded')).toBe('true');
    expect(within(card).getByText(/"city": "Paris"/)).toBeTruthy();

    gate.resolve({ city: 'Paris', tempC: 5, condition: 'rainy' });
    await waitFor(() => expect(within(log).getByText(/5°C/)).toBeTruthy());
    expect(within(log).getByText(/rain/i)).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy());
    expect(runs).toBe(1);

    // After the answer the turn's tools fold into a summary that expands to the card and its result.
    await user.click(within(log).getByRole('button', { name: 'Used Get weather' }));
    const folded = within(log).getByRole('group', { name: 'Get weather' });
    const foldedHeader = within(folded).getByRole('button', { name: /Get weather/ });
    if (foldedHeader.getAttribute('aria-expanded') !== 'true') await user.click(foldedHeader);
    expect(within(folded).getByText(/"condition": "rainy"/)).toBeTruthy();
    await user.click(foldedHeader);
    expect(foldedHeader.getAttribute('aria-expanded')).toBe('false');
  });
});
