import { act, renderHook, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeToolCalls } from 'toolchat/core';
import { useMcpTools, type UseMcpToolsOptions } from 'toolchat/mcp';
import { startExampleMcpServer, type ExampleMcpServer } from '../../demo/mcp-server';

describe('useMcpTools against a real MCP server', () => {
  let server: ExampleMcpServer;
  beforeAll(async () => {
    server = await startExampleMcpServer({ port: 0 });
  });
  afterAll(async () => {
    await server.close();
  });

  it('is idle without a url', () => {
    const { result } = renderHook(() => useMcpTools({ url: undefined }));
    expect(result.current).toMatchObject({ status: 'idle', tools: {}, error: undefined });
  });

  it('connects, gives the tools with a stable identity, reconnects when the name changes, and closes on unmount', async () => {
    const methods: string[] = [];
    const spy: typeof fetch = (input, init) => {
      methods.push(init?.method ?? 'GET');
      return fetch(input, init);
    };
    const { result, rerender, unmount } = renderHook((options: UseMcpToolsOptions) => useMcpTools(options), {
      initialProps: { url: server.url, name: 'one', fetch: spy },
    });
    expect(result.current.status).toBe('connecting');
    await waitFor(() => expect(result.current.status).toBe('connected'));
    expect(result.current.server).toMatchObject({ name: 'toolchat-example' });
    const tools = result.current.tools;
    expect(Object.keys(tools)).toContain('one_add_numbers');

    // The same options in a new object: nothing reconnects, the tools stay the same object.
    rerender({ url: server.url, name: 'one', fetch: spy });
    expect(result.current.tools).toBe(tools);

    rerender({ url: server.url, name: 'two', fetch: spy });
    await waitFor(() => expect(Object.keys(result.current.tools)).toContain('two_add_numbers'));
    expect(result.current.status).toBe('connected');

    unmount();
    // Leaving ends the server's sessions (HTTP DELETE), one per connection.
    await waitFor(() => expect(methods.filter((method) => method === 'DELETE')).toHaveLength(2));
  });

  it('reports a server it cannot reach as an error, and tries again on reconnect()', async () => {
    const gone = await startExampleMcpServer({ port: 0 });
    const { url } = gone;
    await gone.close();
    let attempts = 0;
    const counting: typeof fetch = (input, init) => {
      attempts++;
      return fetch(input, init);
    };
    const { result } = renderHook(() => useMcpTools({ url, fetch: counting }));
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.error?.message).toMatch(/^Could not connect to the MCP server at http:\/\/127\.0\.0\.1:\d+\/mcp: /);
    expect(result.current.tools).toEqual({});
    const before = attempts;
    act(() => result.current.reconnect());
    await waitFor(() => expect(attempts).toBeGreaterThan(before));
    await waitFor(() => expect(result.current.status).toBe('error'));
  });

  it('turns to error, with the reason, when the server goes away', async () => {
    const leaving = await startExampleMcpServer({ port: 0 });
    const { result } = renderHook(() => useMcpTools({ url: leaving.url }));
    await waitFor(() => expect(result.current.status).toBe('connected'));
    // A call in flight notices the server is gone.
    const running = executeToolCalls([{ toolCallId: 'c1', toolName: 'count_slowly', input: { seconds: 30 } }], result.current.tools);
    await waitFor(() => expect(leaving.events.some((event) => event.type === 'call')).toBe(true));
    await leaving.close();
    expect((await running)[0]).toMatchObject({ ok: false, error: expect.stringMatching(/^The MCP server http:\/\/127\.0\.0\.1:\d+ failed on "count_slowly": /) });
    await waitFor(() => expect(result.current.status).toBe('error'), { timeout: 5000 });
    expect(result.current.error?.message).toMatch(/is no longer reachable/);
    expect(result.current.tools).toEqual({});
  });
});
