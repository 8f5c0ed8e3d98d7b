import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'vitest-axe';
import { Composer, ToolChatProvider, createToolChat } from 'toolchat';

describe('Composer', () => {
  describe('given an idle chat', () => {
    it('sends the trimmed text on Enter, clears the input and keeps focus in it', async () => {
      const user = userEvent.setup();
      const onSend = vi.fn();
      render(<Composer onSend={onSend} />);
      const input = screen.getByRole('textbox', { name: 'Message' });
      await user.type(input, '  weather in Paris {Enter}');
      expect(onSend).toHaveBeenCalledExactlyOnceWith('weather in Paris');
      expect((input as HTMLTextAreaElement).value).toBe('');
      expect(document.activeElement).toBe(input);
    });

    it('adds a new line on Shift+Enter instead of sending', async () => {
      const user = userEvent.setup();
      const onSend = vi.fn();
      render(<Composer onSend={onSend} />);
      const input = screen.getByRole('textbox', { name: 'Message' });
      await user.type(input, 'line one{Shift>}{Enter}{/Shift}line two');
      expect(onSend).not.toHaveBeenCalled();
      expect((input as HTMLTextAreaElement).value).toBe('line one\nline two');
    });

    it('sends with the Send button and returns focus to the input', async () => {
      const user = userEvent.setup();
      const onSend = vi.fn();
      render(<Composer onSend={onSend} />);
      const input = screen.getByRole('textbox', { name: 'Message' });
      const send = screen.getByRole('button', { name: 'Send' });
      expect((send as HTMLButtonElement).disabled).toBe(true);
      await user.type(input, 'hi');
      await user.click(send);
      expect(onSend).toHaveBeenCalledWith('hi');
      expect(document.activeElement).toBe(input);
    });

    it('does not send blank text', async () => {
      const user = userEvent.setup();
      const onSend = vi.fn();
      render(<Composer onSend={onSend} />);
      await user.type(screen.getByRole('textbox', { name: 'Message' }), '   {Enter}');
      expect(onSend).not.toHaveBeenCalled();
    });

    it('has no accessibility violations', async () => {
      const { container } = render(<Composer onSend={vi.fn()} />);
      expect((await axe(container)).violations).toEqual([]);
    });
  });

  describe('given a busy chat', () => {
    it('turns Send into Stop, which stops', async () => {
      const user = userEvent.setup();
      const onStop = vi.fn();
      render(<Composer onSend={vi.fn()} onStop={onStop} busy />);
      expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Stop' }));
      expect(onStop).toHaveBeenCalledOnce();
    });

    it('stops on Escape and does not send on Enter', async () => {
      const user = userEvent.setup();
      const onSend = vi.fn();
      const onStop = vi.fn();
      render(<Composer onSend={onSend} onStop={onStop} busy />);
      await user.type(screen.getByRole('textbox', { name: 'Message' }), 'next question{Enter}{Escape}');
      expect(onSend).not.toHaveBeenCalled();
      expect(onStop).toHaveBeenCalledOnce();
    });

    it('keeps the typed draft and sends it once the chat is idle', async () => {
      const user = userEvent.setup();
      const onSend = vi.fn();
      const { rerender } = render(<Composer onSend={onSend} onStop={vi.fn()} busy />);
      await user.type(screen.getByRole('textbox', { name: 'Message' }), 'draft');
      rerender(<Composer onSend={onSend} onStop={vi.fn()} />);
      await user.click(screen.getByRole('button', { name: 'Send' }));
      expect(onSend).toHaveBeenCalledWith('draft');
    });

    it('ignores Escape when idle', async () => {
      const onStop = vi.fn();
      render(<Composer onSend={vi.fn()} onStop={onStop} />);
      await userEvent.setup().type(screen.getByRole('textbox', { name: 'Message' }), '{Escape}');
      expect(onStop).not.toHaveBeenCalled();
    });
  });

  it('disables the input and the button when disabled', () => {
    render(<Composer onSend={vi.fn()} disabled value="hi" />);
    expect((screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('can be controlled', async () => {
    const onValueChange = vi.fn();
    render(<Composer onSend={vi.fn()} value="fixed" onValueChange={onValueChange} />);
    await userEvent.setup().type(screen.getByRole('textbox', { name: 'Message' }), 'x');
    expect(onValueChange).toHaveBeenCalledWith('fixedx');
    expect((screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).value).toBe('fixed');
  });

  it('takes its strings from the labels', () => {
    render(
      <ToolChatProvider chat={createToolChat({ readOnly: true, labels: { send: 'Senden', composerLabel: 'Nachricht', inputPlaceholder: 'Frag etwas…' } })}>
        <Composer onSend={vi.fn()} />
      </ToolChatProvider>,
    );
    expect(screen.getByRole('button', { name: 'Senden' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Nachricht' }).getAttribute('placeholder')).toBe('Frag etwas…');
  });
});
