import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { tool } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ChatWrapper, defineTool, memoryGrants, ToolGrants, type ApprovalPolicy } from 'toolchat';
import { createChatHandler } from 'toolchat/server';
import { routeFetch } from 'toolchat/testing';
import { calls, endpoint, text } from '../../faults/harness';

// The approval card as a user meets it: every choice, by role and text, through ChatWrapper on
// the real endpoint; the same card for a browser tool and a server tool.

async function ask(user: ReturnType<typeof userEvent.setup>, message: string) {
  await user.type(screen.getByRole('textbox', { name: 'Message' }), message);
  await user.click(screen.getByRole('button', { name: 'Send' }));
}

function browserTools(deleted: string[]) {
  return {
    deleteFile: defineTool({
      title: 'Delete file',
      description: 'Delete a file',
      inputSchema: z.object({ path: z.string().startsWith('/tmp/') }),
      needsApproval: true,
      grantScope: ({ path }) => path.slice(0, path.lastIndexOf('/') + 1),
      execute: ({ path }) => {
        deleted.push(path);
        return { deleted: path };
      },
    }),
  };
}

const twoDeletions = () =>
  new MockLanguageModelV4({
    doStream: [
      calls({ toolCallId: 'c1', toolName: 'deleteFile', input: { path: '/tmp/cache/a.txt' } }),
      text('Deleted a.'),
      calls({ toolCallId: 'c2', toolName: 'deleteFile', input: { path: '/tmp/cache/b.txt' } }),
      text('Deleted b.'),
      calls({ toolCallId: 'c3', toolName: 'deleteFile', input: { path: '/tmp/other/c.txt' } }),
      text('Deleted c.'),
    ],
  });

const log = () => screen.getByRole('log');

/** A finished turn folds its cards ("Used Delete file"): open the fold, then the card. */
async function foldedCard(user: ReturnType<typeof userEvent.setup>, title: string) {
  await user.click(await within(log()).findByRole('button', { name: new RegExp(`^Used ${title}`) }));
  return within(log()).getByRole('group', { name: title });
}

describe('given a browser tool that needs approval and has a scope', () => {
  it('offers every choice, with the scope a grant covers shown before committing', async () => {
    const user = userEvent.setup();
    const server = endpoint(twoDeletions());
    render(<ChatWrapper api={server.api} fetch={server.fetch} tools={browserTools([])} grants={memoryGrants()} />);
    await ask(user, 'Delete a');
    const card = await screen.findByRole('group', { name: 'Delete file' });
    for (const name of ['Approve', 'Allow for this chat', 'Always allow Delete file', 'Deny', 'Deny with a reason…', 'Edit arguments']) {
      expect(await within(card).findByRole('button', { name })).toBeTruthy();
    }
    expect(within(card).getByText('“Allow for this chat” and “Always allow” cover only /tmp/cache/')).toBeTruthy();
  });

  it('"Allow for this chat" runs later calls of the same scope without asking, and asks again for another scope', async () => {
    const user = userEvent.setup();
    const deleted: string[] = [];
    const server = endpoint(twoDeletions());
    render(<ChatWrapper api={server.api} fetch={server.fetch} tools={browserTools(deleted)} grants={memoryGrants()} />);
    await ask(user, 'Delete a');
    await user.click(await screen.findByRole('button', { name: 'Allow for this chat' }));
    await within(log()).findByText('Deleted a.');
    await ask(user, 'Delete b');
    await within(log()).findByText('Deleted b.');
    expect(deleted).toEqual(['/tmp/cache/a.txt', '/tmp/cache/b.txt']);
    await ask(user, 'Delete c');
    expect(await screen.findByRole('button', { name: 'Approve' })).toBeTruthy();
    expect(deleted).toHaveLength(2);
  });

  it('"Deny with a reason…" sends the reason to the model and shows it', async () => {
    const user = userEvent.setup();
    const deleted: string[] = [];
    const server = endpoint(twoDeletions());
    render(<ChatWrapper api={server.api} fetch={server.fetch} tools={browserTools(deleted)} grants={memoryGrants()} />);
    await ask(user, 'Delete a');
    await user.click(await screen.findByRole('button', { name: 'Deny with a reason…' }));
    await user.type(screen.getByRole('textbox', { name: 'Reason (the assistant reads it)' }), 'Keep it for now');
    await user.click(screen.getByRole('button', { name: 'Deny' }));
    await waitFor(() => expect(JSON.stringify(server.bodies.at(-1))).toContain('Keep it for now'));
    await within(log()).findByText('Deleted a.');
    const card = await foldedCard(user, 'Delete file');
    expect(within(card).getByText('Denied')).toBeTruthy();
    expect(within(card).getByText('Keep it for now')).toBeTruthy();
    expect(deleted).toEqual([]);
  });

  it('"Edit": an edit the schema refuses says why and keeps the call waiting; a valid one runs', async () => {
    const user = userEvent.setup();
    const deleted: string[] = [];
    const server = endpoint(twoDeletions());
    render(<ChatWrapper api={server.api} fetch={server.fetch} tools={browserTools(deleted)} grants={memoryGrants()} />);
    await ask(user, 'Delete a');
    await user.click(await screen.findByRole('button', { name: 'Edit arguments' }));
    const editor = screen.getByRole('textbox', { name: 'Arguments (JSON)' });

    await user.clear(editor);
    await user.type(editor, '{{"path": ');
    await user.click(screen.getByRole('button', { name: 'Run with these arguments' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^The arguments are not valid JSON/);

    await user.clear(editor);
    await user.type(editor, '{{"path": "/etc/passwd"}');
    await user.click(screen.getByRole('button', { name: 'Run with these arguments' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/\/tmp\//));
    expect(editor.getAttribute('aria-invalid')).toBe('true');
    expect(deleted).toEqual([]);

    await user.clear(editor);
    await user.type(editor, '{{"path": "/tmp/cache/z.txt"}');
    await user.click(screen.getByRole('button', { name: 'Run with these arguments' }));
    await within(log()).findByText('Deleted a.');
    expect(deleted).toEqual(['/tmp/cache/z.txt']);
    expect(within(await foldedCard(user, 'Delete file')).getByText('Ran with the arguments you edited')).toBeTruthy();
  });

  it('an approval nobody answers within approvalTimeoutMs reads "Expired"', async () => {
    const user = userEvent.setup();
    const server = endpoint(twoDeletions());
    render(<ChatWrapper api={server.api} fetch={server.fetch} tools={browserTools([])} grants={memoryGrants()} approvalTimeoutMs={50} />);
    await ask(user, 'Delete a');
    const card = await screen.findByRole('group', { name: 'Delete file' });
    expect(await within(card).findByText('Expired')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('a policy decision says so on the card, with the reason', async () => {
    const user = userEvent.setup();
    const deleted: string[] = [];
    const policy: ApprovalPolicy = () => ({ decision: 'allow', reason: 'Scratch files are fine' });
    const server = endpoint(twoDeletions());
    render(<ChatWrapper api={server.api} fetch={server.fetch} tools={browserTools(deleted)} grants={memoryGrants()} approvalPolicy={policy} />);
    await ask(user, 'Delete a');
    await within(log()).findByText('Deleted a.');
    expect(within(await foldedCard(user, 'Delete file')).getByText('Allowed automatically: Scratch files are fine')).toBeTruthy();
    expect(deleted).toEqual(['/tmp/cache/a.txt']);
  });
});

describe('given the user’s grants in <ToolGrants />', () => {
  it('"Always allow" lists the grant with its scope; Revoke makes the tool ask again', async () => {
    const user = userEvent.setup();
    const deleted: string[] = [];
    const grants = memoryGrants();
    const server = endpoint(twoDeletions());
    render(
      <>
        <ToolGrants grants={grants} />
        <ChatWrapper api={server.api} fetch={server.fetch} tools={browserTools(deleted)} grants={grants} />
      </>,
    );
    const list = screen.getByRole('region', { name: 'Tools allowed without asking' });
    expect(await within(list).findByText('No tool runs without asking.')).toBeTruthy();
    await ask(user, 'Delete a');
    await user.click(await screen.findByRole('button', { name: 'Always allow Delete file' }));
    await within(log()).findByText('Deleted a.');
    expect(await within(list).findByText('Delete file (/tmp/cache/), in every chat')).toBeTruthy();

    await user.click(within(list).getByRole('button', { name: 'Revoke' }));
    expect(await within(list).findByText('No tool runs without asking.')).toBeTruthy();
    await ask(user, 'Delete b');
    expect(await screen.findByRole('button', { name: 'Approve' })).toBeTruthy();
    expect(deleted).toEqual(['/tmp/cache/a.txt']);
  });
});

describe('given a server tool that needs approval', () => {
  function serverEndpoint() {
    const ran: string[] = [];
    const model = new MockLanguageModelV4({
      doStream: async ({ prompt }) =>
        prompt.some((message) => message.role === 'tool')
          ? text('Purged.')
          : calls({ toolCallId: 's1', toolName: 'purgeCache', input: { region: 'eu' } }),
    });
    const handler = createChatHandler({
      model,
      secret: 'a-test-secret-of-at-least-32-characters',
      tools: {
        purgeCache: tool({
          description: 'Purge the CDN cache',
          inputSchema: z.object({ region: z.enum(['eu', 'us']) }),
          needsApproval: true,
          execute: async ({ region }) => {
            ran.push(region);
            return { purged: region };
          },
        }),
      },
    });
    return { ran, fetch: routeFetch(handler), api: 'http://localhost/api/chat' };
  }

  it('offers the same choices; an edit the server’s schema refuses says why, a valid one runs on the server', async () => {
    const user = userEvent.setup();
    const server = serverEndpoint();
    render(<ChatWrapper api={server.api} fetch={server.fetch} grants={memoryGrants()} />);
    await ask(user, 'Purge the cache');
    const card = await screen.findByRole('group', { name: 'Purge cache' });
    for (const name of ['Approve', 'Allow for this chat', 'Always allow Purge cache', 'Deny', 'Edit arguments']) {
      expect(await within(card).findByRole('button', { name })).toBeTruthy();
    }
    await user.click(within(card).getByRole('button', { name: 'Edit arguments' }));
    const editor = screen.getByRole('textbox', { name: 'Arguments (JSON)' });
    await user.clear(editor);
    await user.type(editor, '{{"region": "mars"}');
    await user.click(screen.getByRole('button', { name: 'Run with these arguments' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/region/);
    expect(server.ran).toEqual([]);

    await user.clear(editor);
    await user.type(editor, '{{"region": "us"}');
    await user.click(screen.getByRole('button', { name: 'Run with these arguments' }));
    await within(log()).findByText('Purged.');
    expect(server.ran).toEqual(['us']);
  });
});
