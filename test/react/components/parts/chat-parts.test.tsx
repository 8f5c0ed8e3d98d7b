import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'vitest-axe';
import type { UIMessage } from 'ai';
import { ChatWrapper, MessageList, ToolChatProvider, createDemoTransport, createToolChat, demoTools } from 'toolchat';
import { de } from 'toolchat/locales';

let chatCount = 0;
const nextId = () => `chat-parts-test-${++chatCount}`;

async function ask(user: ReturnType<typeof userEvent.setup>, text: string) {
  await user.type(screen.getByRole('textbox', { name: 'Message' }), `${text}{Enter}`);
}

/** The last answer's bar, once the chat is idle after it. */
async function lastAnswerBar() {
  await screen.findByRole('button', { name: 'Regenerate' });
  return within(screen.getByRole('log')).getAllByRole('group', { name: 'Message actions' }).at(-1)!;
}

describe('the chat parts in ChatWrapper', () => {
  describe('given an answer that cites its sources', () => {
    it('lists the sources under the answer and marks the text with links to them', async () => {
      const user = userEvent.setup();
      const { container } = render(<ChatWrapper id={nextId()} transport={createDemoTransport()} tools={demoTools} />);
      await ask(user, 'What are you built on? Cite your sources');
      const sources = await screen.findByRole('list', { name: 'Sources' });
      const items = within(sources).getAllByRole('listitem');
      expect(items.map((item) => item.textContent)).toEqual([
        '1AI SDK documentation ai-sdk.dev',
        '2React: Quick Start react.dev',
        '3Web Speech API - MDN Web Docs developer.mozilla.org',
        '4toolchat design notes design.pdf',
      ]);
      expect(within(sources).getByRole('link', { name: /AI SDK documentation/ }).getAttribute('href')).toBe('https://ai-sdk.dev/docs/introduction');
      // A document has no address: its name, no link.
      expect(within(items[3]!).queryByRole('link')).toBeNull();

      // The markers: [1] links to the first source, named by it; [4] names the document.
      const log = screen.getByRole('log');
      const markers = await within(log).findAllByRole('link', { name: 'Source 1: AI SDK documentation' });
      expect(markers.length).toBe(2);
      expect(markers[0]!.getAttribute('href')).toBe('https://ai-sdk.dev/docs/introduction');
      expect(within(log).getByText('Source 4: toolchat design notes')).toBeTruthy();
      await screen.findByRole('list', { name: 'Suggested follow-ups' });
      expect((await axe(container)).violations).toEqual([]);
    });
  });

  describe('given an answer with follow-ups', () => {
    it("offers the model's follow-ups once the chat is idle, and sends the one clicked", async () => {
      const user = userEvent.setup();
      render(<ChatWrapper id={nextId()} transport={createDemoTransport()} tools={demoTools} />);
      await ask(user, 'What are you built on? Cite your sources');
      const followUps = await screen.findByRole('list', { name: 'Suggested follow-ups' });
      await user.click(within(followUps).getByRole('button', { name: 'What is 2+2 and the time in Tokyo?' }));
      // Sent as the user's message, and answered.
      const log = screen.getByRole('log');
      expect(await within(log).findByText('What is 2+2 and the time in Tokyo?')).toBeTruthy();
      await waitFor(() => expect(within(log).getAllByRole('group', { name: 'Message actions' }).length).toBe(4));
    });

    it("offers the app's follow-ups instead, and none with followUps={false}", async () => {
      const user = userEvent.setup();
      const { rerender } = render(
        <ChatWrapper id="chat-parts-app-follow-ups" transport={createDemoTransport()} tools={demoTools} followUps={(answer) => [`More about ${answer.role}`]} />,
      );
      await ask(user, 'What is 2+2?');
      const followUps = await screen.findByRole('list', { name: 'Suggested follow-ups' });
      expect(within(followUps).getAllByRole('button').map((button) => button.textContent)).toEqual(['More about assistant']);
      rerender(<ChatWrapper id="chat-parts-app-follow-ups" transport={createDemoTransport()} tools={demoTools} followUps={false} />);
      expect(screen.queryByRole('list', { name: 'Suggested follow-ups' })).toBeNull();
    });
  });

  describe('given onFeedback', () => {
    it('rates an answer with a thumb, then a comment, all by keyboard', async () => {
      const user = userEvent.setup();
      const onFeedback = vi.fn();
      const { container } = render(<ChatWrapper id={nextId()} transport={createDemoTransport()} tools={demoTools} onFeedback={onFeedback} />);
      await ask(user, 'What is 2+2?');
      const bar = await lastAnswerBar();
      const good = within(bar).getByRole('button', { name: 'Good answer' });
      expect(good.getAttribute('aria-pressed')).toBe('false');
      good.focus();
      await user.keyboard('{Enter}');
      const answerId = onFeedback.mock.calls[0]?.[0] as string;
      expect(onFeedback).toHaveBeenLastCalledWith(answerId, 'up');
      expect(good.getAttribute('aria-pressed')).toBe('true');

      const comment = await screen.findByRole('textbox', { name: 'What was good about it? (optional)' });
      expect((await axe(container)).violations).toEqual([]);
      await user.click(comment);
      await user.keyboard('Short and right{Enter}');
      expect(onFeedback).toHaveBeenLastCalledWith(answerId, 'up', 'Short and right');
      expect(within(bar).getByText('Thanks for your feedback')).toBeTruthy();
      expect(within(bar).getByRole('button', { name: 'Good answer' })).toBe(document.activeElement);
    });

    it('takes a rating back when the thumb is pressed again, and Escape closes the comment', async () => {
      const user = userEvent.setup();
      const onFeedback = vi.fn();
      render(<ChatWrapper id={nextId()} transport={createDemoTransport()} tools={demoTools} onFeedback={onFeedback} />);
      await ask(user, 'What is 2+2?');
      const bar = await lastAnswerBar();
      await user.click(within(bar).getByRole('button', { name: 'Bad answer' }));
      const comment = await screen.findByRole('textbox', { name: 'What went wrong? (optional)' });
      await user.click(comment);
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('textbox', { name: 'What went wrong? (optional)' })).toBeNull();
      expect(within(bar).getByRole('button', { name: 'Bad answer' })).toBe(document.activeElement);
      await user.click(within(bar).getByRole('button', { name: 'Bad answer' }));
      expect(onFeedback.mock.calls.map((call) => call.slice(1))).toEqual([['down'], [null]]);
    });

    it('shows no thumbs without it', async () => {
      const user = userEvent.setup();
      render(<ChatWrapper id={nextId()} transport={createDemoTransport()} tools={demoTools} />);
      await ask(user, 'What is 2+2?');
      const bar = await lastAnswerBar();
      expect(within(bar).queryByRole('button', { name: 'Good answer' })).toBeNull();
    });

    it("in a layout of the app's own, ToolChatProvider's onFeedback rates the answers (read-only ones too) and its latest handler is called", async () => {
      const user = userEvent.setup();
      const transcript: UIMessage[] = [
        { id: 'q1', role: 'user', parts: [{ type: 'text', text: 'What is 2+2?' }] },
        { id: 'a1', role: 'assistant', parts: [{ type: 'text', text: 'It is 4.' }] },
      ];
      const chat = createToolChat({ readOnly: true, initialMessages: transcript });
      const first = vi.fn();
      const second = vi.fn();
      const { rerender } = render(
        <ToolChatProvider chat={chat} onFeedback={first}>
          <MessageList />
        </ToolChatProvider>,
      );
      const bars = await screen.findAllByRole('group', { name: 'Message actions' });
      const answerBar = bars.at(-1)!;
      await user.click(await within(answerBar).findByRole('button', { name: 'Good answer' }));
      expect(first).toHaveBeenCalledWith('a1', 'up');
      // A read-only chat rates and copies, but neither regenerates nor edits.
      expect(screen.queryByRole('button', { name: 'Regenerate' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
      // The user's message is not rated.
      expect(within(bars[0]!).queryByRole('button', { name: 'Good answer' })).toBeNull();

      rerender(
        <ToolChatProvider chat={chat} onFeedback={second}>
          <MessageList />
        </ToolChatProvider>,
      );
      await user.click(within(answerBar).getByRole('button', { name: 'Good answer' }));
      expect(second).toHaveBeenCalledWith('a1', null);
      expect(first).toHaveBeenCalledTimes(1);
      chat.dispose();
    });
  });

  describe('given contextMeter', () => {
    it("shows how full the model's window is and, with prices, what the conversation cost", async () => {
      const user = userEvent.setup();
      const { container } = render(
        <ChatWrapper
          id={nextId()}
          transport={createDemoTransport()}
          tools={demoTools}
          contextMeter={{ window: 128_000, prices: { input: 2.5, output: 10 } }}
        />,
      );
      await ask(user, 'What is 2+2?');
      await lastAnswerBar();
      const meter = await screen.findByRole('meter', { name: 'Context window' });
      expect(Number(meter.getAttribute('value'))).toBeGreaterThan(0);
      expect(meter.getAttribute('max')).toBe('128000');
      const summary = container.querySelector('summary')!;
      expect(summary.textContent).toMatch(/Context window.* \/ 128K/);
      await user.click(summary);
      const details = container.querySelector('dl')!;
      const rows = [...details.querySelectorAll('dt')].map((term) => term.textContent);
      expect(rows).toEqual(expect.arrayContaining(['Context', 'Input', 'Output', 'Cost']));
      expect(within(details).getByText(/^\$/)).toBeTruthy();
      expect((await axe(container)).violations).toEqual([]);
    });

    it('shows nothing without it', async () => {
      const user = userEvent.setup();
      render(<ChatWrapper id={nextId()} transport={createDemoTransport()} tools={demoTools} />);
      await ask(user, 'What is 2+2?');
      await lastAnswerBar();
      expect(screen.queryByRole('meter')).toBeNull();
    });
  });

  describe('given speech', () => {
    it('hides read aloud and dictation where the browser has no Web Speech (jsdom has none)', async () => {
      const user = userEvent.setup();
      render(<ChatWrapper id={nextId()} transport={createDemoTransport()} tools={demoTools} speech />);
      await ask(user, 'What is 2+2?');
      const bar = await lastAnswerBar();
      expect(within(bar).queryByRole('button', { name: 'Read aloud' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Dictate' })).toBeNull();
    });

    describe('where the browser has it', () => {
      const spoken: string[] = [];
      class Utterance {
        lang = '';
        onend: (() => void) | null = null;
        onerror: (() => void) | null = null;
        constructor(readonly text: string) {}
      }
      let queue: Utterance[] = [];
      const synthesis = {
        speak: (utterance: Utterance) => {
          spoken.push(utterance.text);
          queue.push(utterance);
        },
        cancel: () => {
          queue = [];
        },
      };
      class Recognition {
        static last: Recognition | undefined;
        lang = '';
        continuous = false;
        interimResults = false;
        onresult: ((event: { resultIndex: number; results: unknown }) => void) | null = null;
        onerror: ((event: { error: string }) => void) | null = null;
        onend: (() => void) | null = null;
        start() {
          Recognition.last = this;
        }
        stop() {
          this.onend?.();
        }
        abort() {
          this.onend?.();
        }
        hear(text: string) {
          const alternative = Object.assign([{ transcript: text }], { isFinal: true });
          this.onresult?.({ resultIndex: 0, results: [alternative] });
        }
      }
      beforeEach(() => {
        spoken.length = 0;
        vi.stubGlobal('speechSynthesis', synthesis);
        vi.stubGlobal('SpeechSynthesisUtterance', Utterance);
        vi.stubGlobal('webkitSpeechRecognition', Recognition);
      });
      afterEach(() => {
        vi.unstubAllGlobals();
      });

      it('reads an answer aloud without its Markdown, in the language of the page, and stops', async () => {
        const user = userEvent.setup();
        render(
          <div lang="en-GB">
            <ChatWrapper id={nextId()} transport={createDemoTransport()} tools={demoTools} speech />
          </div>,
        );
        await ask(user, 'What are you built on? Cite your sources');
        await screen.findByRole('list', { name: 'Sources' });
        const bar = await lastAnswerBar();
        await user.click(await within(bar).findByRole('button', { name: 'Read aloud' }));
        expect(spoken.join(' ')).toMatch(/^toolchat streams answers and runs tool calls with the Vercel AI SDK , and draws/);
        expect(queue[0]?.lang).toBe('en-GB');
        const stop = within(bar).getByRole('button', { name: 'Stop reading' });
        await user.click(stop);
        expect(within(bar).getByRole('button', { name: 'Read aloud' })).toBeTruthy();
      });

      it('writes what the user says after what they typed, until they press the microphone again', async () => {
        const user = userEvent.setup();
        render(<ChatWrapper id={nextId()} transport={createDemoTransport()} tools={demoTools} speech />);
        const input = screen.getByRole('textbox', { name: 'Message' });
        await user.type(input, 'Weather:');
        await user.click(await screen.findByRole('button', { name: 'Dictate' }));
        expect(await screen.findByText('Listening…')).toBeTruthy();
        Recognition.last!.hear('Tokyo and London');
        await waitFor(() => expect((input as HTMLTextAreaElement).value).toBe('Weather: Tokyo and London'));
        await user.click(screen.getByRole('button', { name: 'Stop dictation' }));
        expect(screen.getByRole('button', { name: 'Dictate' })).toBeTruthy();
        expect(screen.queryByText('Listening…')).toBeNull();
      });
    });
  });

  describe('given a locale', () => {
    it("shows every part's strings in it", async () => {
      const user = userEvent.setup();
      render(<ChatWrapper id={nextId()} transport={createDemoTransport()} tools={demoTools} labels={de} onFeedback={() => {}} contextMeter />);
      await user.type(screen.getByRole('textbox', { name: 'Nachricht' }), 'What are you built on? Cite your sources{Enter}');
      expect(await screen.findByRole('list', { name: 'Quellen' })).toBeTruthy();
      expect(await screen.findByRole('list', { name: 'Vorgeschlagene Anschlussfragen' })).toBeTruthy();
      expect(await screen.findByRole('button', { name: 'Gute Antwort' })).toBeTruthy();
      expect(screen.getAllByRole('link', { name: 'Quelle 1: AI SDK documentation' }).length).toBeGreaterThan(0);
      expect(await screen.findByText(/Tokens$/)).toBeTruthy();
    });
  });
});
