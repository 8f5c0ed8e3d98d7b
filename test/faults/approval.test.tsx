import { act, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ChatWrapper, defineTool, useToolChat } from 'toolchat';
import { createChatHandler } from 'toolchat/server';
import { renderChat, routeFetch, scriptedModel } from 'toolchat/testing';
import { calls, deferred, endpoint, text, toolResultsSent } from './harness';

function deleteTool() {
  const deleted: string[] = [];
  const tools = {
    deleteFile: defineTool({
      description: 'Deletes a file',
      inputSchema: z.object({ path: z.string() }),
      needsApproval: true,
      execute: async ({ path }) => {
        deleted.push(path);
        return { deleted: path };
      },
    }),
  };
  return { deleted, tools };
}

async function ask(user: ReturnType<typeof userEvent.setup>, message: string) {
  await user.type(screen.getByRole('textbox'), message);
  await user.click(screen.getByRole('button', { name: 'Send' }));
}

describe('given a tool that needs approval', () => {
  it('waits visibly, runs once the user approves, and the model gets the result', async () => {
    const user = userEvent.setup();
    const { deleted, tools } = deleteTool();
    const model = scriptedModel([{ toolCalls: [{ toolCallId: 'c1', toolName: 'deleteFile', input: { path: '/tmp/a' } }] }, 'Deleted /tmp/a.']);
    const view = await renderChat({ api: '/api/chat', fetch: routeFetch(createChatHandler({ model })), tools });

    const waiting = await view.send('Delete /tmp/a');

    expect(waiting.activity.state).toBe('awaiting-approval');
    expect(screen.getByRole('status').textContent).toContain('Waiting for your approval to run Delete file');
    expect(screen.getByRole('group', { name: 'Delete file' }).getAttribute('data-state')).toBe('awaiting-approval');
    expect(deleted).toEqual([]);
    expect(model.calls).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await view.waitForIdle();
    expect(within(screen.getByRole('log')).getByText('Deleted /tmp/a.')).toBeTruthy();
    expect(deleted).toEqual(['/tmp/a']);
    expect(model.calls[1]?.toolResults).toEqual([{ toolCallId: 'c1', toolName: 'deleteFile', input: { path: '/tmp/a' }, ok: true, output: { deleted: '/tmp/a' } }]);
  });

  it('sends a denial back to the model as the result, and never runs the tool', async () => {
    const user = userEvent.setup();
    const { deleted, tools } = deleteTool();
    const model = scriptedModel([{ toolCalls: [{ toolCallId: 'c1', toolName: 'deleteFile', input: { path: '/etc' } }] }, 'Understood, I left it.']);
    const view = await renderChat({ api: '/api/chat', fetch: routeFetch(createChatHandler({ model })), tools });

    await view.send('Delete /etc');
    await user.click(screen.getByRole('button', { name: 'Deny' }));
    await view.waitForIdle();

    expect(within(screen.getByRole('log')).getByText('Understood, I left it.')).toBeTruthy();
    expect(deleted).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(model.calls[1]?.toolResults[0]).toMatchObject({ toolCallId: 'c1', ok: false, denied: true });
    expect(toolResultsSent(model, 1).c1).toEqual({ type: 'error-text', value: 'The user denied running tool "deleteFile"' });
  });

  it('never runs without approval, whatever the stream sends: the same call twice, a result from the server', async () => {
    const user = userEvent.setup();
    const { deleted, tools } = deleteTool();
    const model = new MockLanguageModelV4({ doStream: [text('Done.')] });
    const chunks = [
      { type: 'start' },
      { type: 'start-step' },
      { type: 'tool-input-available', toolCallId: 'c1', toolName: 'deleteFile', input: { path: '/home' } },
      { type: 'tool-input-available', toolCallId: 'c1', toolName: 'deleteFile', input: { path: '/home' } },
      { type: 'tool-output-available', toolCallId: 'c1', output: { deleted: '/home' } },
      { type: 'finish-step' },
      { type: 'finish' },
    ];
    const server = endpoint(model, (n) =>
      n === 1
        ? new Response(chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`).join(''), {
            headers: { 'content-type': 'text/event-stream' },
          })
        : undefined,
    );
    render(<ChatWrapper api={server.api} fetch={server.fetch} tools={tools} />);
    await ask(user, 'Clean up');

    await screen.findByRole('button', { name: 'Approve' });
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Waiting for your approval'));
    expect(deleted).toEqual([]);
    expect(server.fetch).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(within(screen.getByRole('log')).getByText('Done.')).toBeTruthy());
    expect(deleted).toEqual(['/home']);
    expect(server.fetch).toHaveBeenCalledTimes(2);
  });
});

describe('given approval as a function of the input', () => {
  function guardedDelete(needsApproval: (input: { path: string }) => boolean | Promise<boolean>) {
    const deleted: string[] = [];
    const asked: string[] = [];
    const tools = {
      deleteFile: defineTool({
        inputSchema: z.object({ path: z.string().startsWith('/') }),
        needsApproval: (input) => {
          asked.push(input.path);
          return needsApproval(input);
        },
        execute: async ({ path }) => {
          deleted.push(path);
          return { deleted: path };
        },
      }),
    };
    return { deleted, asked, tools };
  }

  it('asks for the inputs it says need it, and runs the others at once', async () => {
    const { deleted, tools } = guardedDelete(({ path }) => path.startsWith('/home'));
    const model = new MockLanguageModelV4({
      doStream: [
        calls({ toolCallId: 'c1', toolName: 'deleteFile', input: { path: '/tmp/a' } }, { toolCallId: 'c2', toolName: 'deleteFile', input: { path: '/home/b' } }),
        text('Done.'),
      ],
    });
    const { result } = renderHook(() => useToolChat({ ...endpoint(model), tools }));
    await act(() => result.current.sendMessage('Clean up'));
    await waitFor(() => expect(result.current.activity.state).toBe('awaiting-approval'));
    expect(deleted).toEqual(['/tmp/a']);
    expect(result.current.getToolCall('c1')?.phase).toBe('done');
    expect(result.current.getToolCall('c2')?.phase).toBe('awaiting-approval');

    act(() => result.current.approve('c2'));
    await waitFor(() => expect(result.current.activity.state).toBe('idle'));
    expect(deleted).toEqual(['/tmp/a', '/home/b']);
  });

  it('waits for an async answer, and runs nothing before it', async () => {
    const answer = deferred<boolean>();
    const { deleted, tools } = guardedDelete(() => answer.promise);
    const model = new MockLanguageModelV4({ doStream: [calls({ toolCallId: 'c1', toolName: 'deleteFile', input: { path: '/x' } }), text('Done.')] });
    const { result } = renderHook(() => useToolChat({ ...endpoint(model), tools }));
    await act(() => result.current.sendMessage('Clean up'));
    await waitFor(() => expect(result.current.getToolCall('c1')?.phase).toBe('pending'));
    expect(deleted).toEqual([]);
    await act(async () => answer.resolve(true));
    await waitFor(() => expect(result.current.activity.state).toBe('awaiting-approval'));
    expect(deleted).toEqual([]);
    act(() => result.current.deny('c1'));
    await waitFor(() => expect(result.current.activity.state).toBe('idle'));
    expect(deleted).toEqual([]);
    expect(toolResultsSent(model, 1).c1).toEqual({ type: 'error-text', value: 'The user denied running tool "deleteFile"' });
  });

  it('asks when the function throws: the safe side', async () => {
    const { deleted, tools } = guardedDelete(() => {
      throw new Error('policy service down');
    });
    const model = new MockLanguageModelV4({ doStream: [calls({ toolCallId: 'c1', toolName: 'deleteFile', input: { path: '/x' } }), text('Done.')] });
    const { result } = renderHook(() => useToolChat({ ...endpoint(model), tools }));
    await act(() => result.current.sendMessage('Clean up'));
    await waitFor(() => expect(result.current.activity.state).toBe('awaiting-approval'));
    expect(deleted).toEqual([]);
  });

  it('does not ask about input that fails validation: that call is an invalid-input result', async () => {
    const { deleted, asked, tools } = guardedDelete(() => true);
    const model = new MockLanguageModelV4({ doStream: [calls({ toolCallId: 'c1', toolName: 'deleteFile', input: { path: 'relative' } }), text('Sorry.')] });
    const { result } = renderHook(() => useToolChat({ ...endpoint(model), tools }));
    await act(() => result.current.sendMessage('Clean up'));
    await waitFor(() => expect(result.current.activity.state).toBe('idle'));
    expect(asked).toEqual([]);
    expect(deleted).toEqual([]);
    expect(toolResultsSent(model, 1).c1).toMatchObject({ type: 'error-text', value: expect.stringContaining('Invalid input for tool "deleteFile"') });
  });
});
