import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChatTransport, UIMessage } from 'ai';
import { axe } from 'vitest-axe';
import { ChatWrapper, createDemoTransport, demoTools } from 'toolchat';

let chatCount = 0;
const nextId = () => `message-actions-test-${++chatCount}`;

/** The demo model, with the messages of every request it gets. */
function recordingTransport() {
  const demo = createDemoTransport();
  const requests: UIMessage[][] = [];
  const transport: ChatTransport<UIMessage> = {
    sendMessages: (options) => {
      requests.push(structuredClone(options.messages));
      return demo.sendMessages(options);
    },
    reconnectToStream: (options) => demo.reconnectToStream(options),
  };
  return { transport, requests };
}

async function ask(user: ReturnType<typeof userEvent.setup>, text: string) {
  await user.type(screen.getByRole('textbox', { name: 'Message' }), `${text}{Enter}`);
}

describe('message actions in ChatWrapper', () => {
  describe('given an answer', () => {
    it('copies the answer as Markdown, and says so', async () => {
      const user = userEvent.setup();
      render(<ChatWrapper id={nextId()} transport={createDemoTransport()} tools={demoTools} />);
      await ask(user, 'What is 2+2?');
      const log = screen.getByRole('log');
      await within(log).findByText('2+2 = 4.');
      await waitFor(() => expect(screen.getByRole('button', { name: 'Regenerate' })).toBeTruthy());

      const answer = within(log).getAllByRole('group', { name: 'Message actions' }).at(-1)!;
      await user.click(within(answer).getByRole('button', { name: 'Copy' }));
      // Its text parts, as the model wrote them (the tool call between them is not text).
      expect(await navigator.clipboard.readText()).toBe('Let me check 2+2.\n\n2+2 = 4.');
      expect(within(answer).getByRole('button', { name: 'Copied' })).toBeTruthy();
    });

    it('regenerates the last answer: the answer is asked again and replaced, not added', async () => {
      const user = userEvent.setup();
      const { transport, requests } = recordingTransport();
      render(<ChatWrapper id={nextId()} transport={transport} tools={demoTools} />);
      await ask(user, 'What is 2+2?');
      const log = screen.getByRole('log');
      await within(log).findByText('2+2 = 4.');
      const regenerate = await screen.findByRole('button', { name: 'Regenerate' });
      const before = requests.length;

      await user.click(regenerate);
      await waitFor(() => expect(requests.length).toBeGreaterThan(before));
      await waitFor(() => expect(screen.getByRole('button', { name: 'Regenerate' })).toBeTruthy());
      // The request ends with the question: the old answer is gone from what the model reads.
      expect(requests[before]?.map((message) => message.role)).toEqual(['user']);
      expect(within(log).getAllByText('What is 2+2?')).toHaveLength(1);
      expect(within(log).getAllByText('2+2 = 4.')).toHaveLength(1);
    });

    it('offers Regenerate under the last answer only, and not while the chat works', async () => {
      const user = userEvent.setup();
      render(<ChatWrapper id={nextId()} transport={createDemoTransport()} tools={demoTools} />);
      await ask(user, 'What is 2+2?');
      await screen.findByRole('button', { name: 'Regenerate' });
      await ask(user, 'What is 3+3?');
      await within(screen.getByRole('log')).findByText('3+3 = 6.');
      await waitFor(() => expect(screen.getAllByRole('button', { name: 'Regenerate' })).toHaveLength(1));
      const groups = within(screen.getByRole('log')).getAllByRole('group', { name: 'Message actions' });
      expect(within(groups.at(-1)!).getByRole('button', { name: 'Regenerate' })).toBeTruthy();
    });
  });

  describe("given the user's message", () => {
    it('edits it in place and resends it: what followed is replaced on screen, the earlier version kept', async () => {
      const user = userEvent.setup();
      const { transport, requests } = recordingTransport();
      render(<ChatWrapper id={nextId()} transport={transport} tools={demoTools} />);
      await ask(user, 'What is 2+2?');
      const log = screen.getByRole('log');
      await within(log).findByText('2+2 = 4.');
      await ask(user, 'What is 5+5?');
      await within(log).findByText('5+5 = 10.');
      // A regenerated answer first: the model's call ids repeat (`call_1`) in every new answer.
      await user.click(await screen.findByRole('button', { name: 'Regenerate' }));
      await waitFor(() => expect(screen.getByRole('status').textContent).toBe(''));
      await within(log).findByText('5+5 = 10.');

      const before = requests.length;
      const [firstQuestion] = within(log).getAllByRole('button', { name: 'Edit' });
      await user.click(firstQuestion!);
      const editor = await screen.findByRole('textbox', { name: 'Edit message' });
      expect(document.activeElement).toBe(editor);
      expect((editor as HTMLTextAreaElement).value).toBe('What is 2+2?');
      await user.clear(editor);
      await user.type(editor, 'What is 3+3?{Enter}');

      await within(log).findByText('3+3 = 6.');
      await waitFor(() => expect(screen.getByRole('button', { name: 'Regenerate' })).toBeTruthy());
      expect(within(log).queryByText('2+2 = 4.')).toBeNull();
      expect(within(log).queryByText('What is 5+5?')).toBeNull();
      expect(within(log).queryByText('5+5 = 10.')).toBeNull();
      expect(requests[before]?.map((message) => message.role)).toEqual(['user']);
      expect(requests[before]?.[0]?.parts).toEqual([{ type: 'text', text: 'What is 3+3?' }]);
    });

    it('cancels an edit with Escape, leaving the message and focus on Edit', async () => {
      const user = userEvent.setup();
      render(<ChatWrapper id={nextId()} transport={createDemoTransport()} tools={demoTools} />);
      await ask(user, 'What is 2+2?');
      await screen.findByRole('button', { name: 'Regenerate' });
      await user.click(screen.getByRole('button', { name: 'Edit' }));
      await user.type(await screen.findByRole('textbox', { name: 'Edit message' }), ' and more{Escape}');
      expect(screen.queryByRole('textbox', { name: 'Edit message' })).toBeNull();
      expect(within(screen.getByRole('log')).getByText('What is 2+2?')).toBeTruthy();
      await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit' })));
    });

    it('reaches every action by keyboard, and axe finds nothing, editing or not', async () => {
      const user = userEvent.setup();
      const { container } = render(<ChatWrapper id={nextId()} transport={createDemoTransport()} tools={demoTools} />);
      await ask(user, 'What is 2+2?');
      await screen.findByRole('button', { name: 'Regenerate' });
      const edit = screen.getByRole('button', { name: 'Edit' });
      edit.focus();
      await user.tab();
      expect(document.activeElement).toBe(screen.getAllByRole('button', { name: 'Copy' })[0]);
      expect((await axe(container)).violations).toEqual([]);
      await user.click(edit);
      await screen.findByRole('textbox', { name: 'Edit message' });
      expect((await axe(container)).violations).toEqual([]);
    });
  });

  it('takes its strings from labels', async () => {
    const user = userEvent.setup();
    render(
      <ChatWrapper
        id={nextId()}
        transport={createDemoTransport()}
        tools={demoTools}
        labels={{ copyMessage: 'Copier', regenerate: 'Régénérer', editMessage: 'Modifier', messageActions: 'Actions' }}
      />,
    );
    await ask(user, 'What is 2+2?');
    expect(await screen.findByRole('button', { name: 'Régénérer' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Copier' })).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Modifier' })).toBeTruthy();
  });

  it('shows no actions with messageActions={false}', async () => {
    const user = userEvent.setup();
    render(<ChatWrapper id={nextId()} transport={createDemoTransport()} tools={demoTools} messageActions={false} />);
    await ask(user, 'What is 2+2?');
    await within(screen.getByRole('log')).findByText('2+2 = 4.');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(''));
    expect(screen.queryByRole('button', { name: 'Copy' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Regenerate' })).toBeNull();
  });
});

describe('attachments in ChatWrapper', () => {
  const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'photo.png', { type: 'image/png' });
  const pdf = () => new File(['%PDF-1.4'], 'report.pdf', { type: 'application/pdf' });

  it('has no attach button unless the app opts in', () => {
    render(<ChatWrapper id={nextId()} transport={createDemoTransport()} tools={demoTools} />);
    expect(screen.queryByRole('button', { name: 'Attach files' })).toBeNull();
  });

  it('attaches picked files as chips, removes one, and sends the rest as file parts', async () => {
    const user = userEvent.setup();
    const { transport, requests } = recordingTransport();
    const { container } = render(<ChatWrapper id={nextId()} transport={transport} tools={demoTools} attachments />);
    await screen.findByRole('button', { name: 'Attach files' });
    await user.upload(container.querySelector<HTMLInputElement>('input[type=file]')!, [png(), pdf()]);
    const list = screen.getByRole('list', { name: 'Attachments' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['photo.png', 'report.pdf']);
    expect((await axe(container)).violations).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Remove photo.png' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    await ask(user, 'What is 2+2?');

    await waitFor(() => expect(requests.length).toBeGreaterThan(0));
    expect(requests[0]?.[0]?.parts).toEqual([
      { type: 'file', mediaType: 'application/pdf', filename: 'report.pdf', url: 'data:application/pdf;base64,JVBERi0xLjQ=' },
      { type: 'text', text: 'What is 2+2?' },
    ]);
    expect(screen.queryByRole('list', { name: 'Attachments' })).toBeNull();
    expect(within(screen.getByRole('log')).getByText('report.pdf')).toBeTruthy();
  });

  it('sends files without text', async () => {
    const user = userEvent.setup();
    const { transport, requests } = recordingTransport();
    const { container } = render(<ChatWrapper id={nextId()} transport={transport} tools={demoTools} attachments />);
    await screen.findByRole('button', { name: 'Attach files' });
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
    await user.upload(container.querySelector<HTMLInputElement>('input[type=file]')!, pdf());
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(requests.length).toBeGreaterThan(0));
    expect(requests[0]?.[0]?.parts.map((part) => part.type)).toEqual(['file', 'text']);
  });

  it('attaches pasted and dropped files, and says which files it refuses and why', async () => {
    render(<ChatWrapper id={nextId()} transport={createDemoTransport()} tools={demoTools} attachments={{ accept: 'image/*', maxFiles: 2 }} />);
    await screen.findByRole('button', { name: 'Attach files' });
    const input = screen.getByRole('textbox', { name: 'Message' });
    fireEvent.paste(input, { clipboardData: { files: [png()], getData: () => '' } });
    await screen.findByRole('list', { name: 'Attachments' });
    const form = input.closest('form')!;
    fireEvent.dragOver(form, { dataTransfer: { types: ['Files'], files: [] } });
    expect(screen.getByText('Drop files to attach')).toBeTruthy();
    fireEvent.drop(form, { dataTransfer: { types: ['Files'], files: [pdf(), png(), png()] } });
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(2));
    expect(screen.getByRole('alert').textContent).toBe(
      'report.pdf is not a file type this chat takes. photo.png was not attached: too many files',
    );
    expect(screen.queryByText('Drop files to attach')).toBeNull();
  });
});
