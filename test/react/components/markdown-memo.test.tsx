import { act, render, screen } from '@testing-library/react';
import type { UIMessage } from 'ai';
import ReactMarkdown from 'react-markdown';
import { createToolChat, Markdown, MessageList, preloadMarkdown, ToolChatProvider } from 'toolchat';

vi.mock('react-markdown', async (importOriginal) => {
  const original = await importOriginal<typeof import('react-markdown')>();
  return { ...original, default: vi.fn(original.default) };
});

/** The texts react-markdown was asked to parse, in order. */
const parsed = () => vi.mocked(ReactMarkdown).mock.calls.map(([props]) => props.children);

const question: UIMessage = { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Hi' }] };
const earlier: UIMessage = { id: 'a1', role: 'assistant', parts: [{ type: 'text', text: 'An **earlier** answer.' }] };
const streaming = (text: string): UIMessage => ({
  id: 'a2',
  role: 'assistant',
  parts: [
    { type: 'text', text: 'Let me *check*.', state: 'done' },
    { type: 'step-start' },
    { type: 'text', text, state: 'streaming' },
  ],
});

beforeAll(() => preloadMarkdown());

describe('given a streaming answer below earlier ones', () => {
  it('parses only the text that changed when a token arrives', () => {
    const chat = createToolChat({ readOnly: true, throttle: 0, initialMessages: [question, earlier, { ...question, id: 'u2' }, streaming('It is _')] });
    render(
      <ToolChatProvider chat={chat}>
        <MessageList />
      </ToolChatProvider>,
    );
    expect(parsed()).toEqual(['An **earlier** answer.', 'Let me *check*.', 'It is _']);

    vi.mocked(ReactMarkdown).mockClear();
    act(() => chat.setMessages([question, earlier, { ...question, id: 'u2' }, streaming('It is _sunny_')]));
    expect(parsed()).toEqual(['It is _sunny_']);
    expect(screen.getByText('sunny').tagName).toBe('EM');
  });
});

describe('given plain words without Markdown', () => {
  it('shows them as a paragraph without parsing them', () => {
    vi.mocked(ReactMarkdown).mockClear();
    const { container } = render(<Markdown text={'It is 21 °C in Paris.\n\nEnjoy the sun.'} />);
    expect(parsed()).toEqual([]);
    expect([...container.querySelectorAll('p')].map((p) => p.textContent)).toEqual(['It is 21 °C in Paris.', 'Enjoy the sun.']);
  });
});

describe('given a long answer that streams paragraph after paragraph', () => {
  it('parses only its last paragraph per update, once the ones before it are complete', () => {
    vi.mocked(ReactMarkdown).mockClear();
    const paragraphs = Array.from({ length: 20 }, (_, i) => `Paragraph ${i} with **bold** words.`);
    const { rerender, container } = render(<Markdown text={paragraphs.slice(0, 19).join('\n\n')} />);
    expect(parsed()).toHaveLength(19);

    vi.mocked(ReactMarkdown).mockClear();
    const full = `${paragraphs.join('\n\n')}`;
    rerender(<Markdown text={full.slice(0, -10)} />);
    rerender(<Markdown text={full} />);
    expect(parsed()).toEqual([paragraphs[19]!.slice(0, -10), paragraphs[19]]);
    expect(container.querySelectorAll('p')).toHaveLength(20);
    expect(container.querySelectorAll('strong')).toHaveLength(20);
  });

  it('keeps a code block with blank lines whole until its fence closes', () => {
    const { rerender, container } = render(<Markdown text={'Intro.\n\n```py\na = 1\n\nb = 2'} />);
    expect(container.querySelector('pre code')?.textContent).toBe('a = 1\n\nb = 2');
    vi.mocked(ReactMarkdown).mockClear();
    rerender(<Markdown text={'Intro.\n\n```py\na = 1\n\nb = 2\n```\n\nAfter *that*.'} />);
    expect(parsed()).toEqual(['```py\na = 1\n\nb = 2\n```', 'After *that*.']);
    expect(container.querySelectorAll('pre')).toHaveLength(1);
    expect(container.querySelector('pre code')?.textContent).toBe('a = 1\n\nb = 2');
  });
});
