import { renderHook, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useMcpTools } from 'toolchat/mcp';
import { startListingServer } from './listing-server';

describe('useMcpTools with a server that lists a tool the chat cannot use', () => {
  let server: Awaited<ReturnType<typeof startListingServer>>;
  beforeAll(async () => {
    server = await startListingServer(() => ({
      tools: [
        { name: 'typo', inputSchema: { type: 'object', properties: { city: { type: 'strng' } } } },
        { name: 'lookup', inputSchema: { type: 'object', properties: {} }, annotations: { readOnlyHint: true } },
      ],
    }));
  });
  afterAll(async () => {
    await server.close();
  });

  it('is connected with the other tools, names the one left out, and tells onError', async () => {
    const errors: Error[] = [];
    const { result, unmount } = renderHook(() => useMcpTools({ url: server.url, name: 'srv', onError: (error) => errors.push(error) }));
    await waitFor(() => expect(result.current.status).toBe('connected'));
    expect(Object.keys(result.current.tools)).toEqual(['srv_lookup']);
    expect(result.current.rejectedTools).toHaveLength(1);
    expect(result.current.rejectedTools[0]?.message).toContain('Invalid tool "srv_typo"');
    expect(errors).toEqual(result.current.rejectedTools);
    // A read-only hint from a server the app did not trust: the call still asks.
    expect(result.current.tools.srv_lookup?.needsApproval).toBe(true);
    unmount();
  });
});
