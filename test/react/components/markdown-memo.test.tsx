import { render, screen } from '@testing-library/react';
import type { UIMessage } from 'ai';
import ReactMarkdown from 'react-markdown';
import { MessageList } from 'toolchat';

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
    { type: 'text', text: 'Let me check.', state: 'done' },
    { type: 'step-start' },
    { type: 'text', text, state: 'streaming' },
  ],
});

describe('given a streaming answer below earlier ones', () => {
  it('parses only the text that changed when a token arrives', () => {
    const { rerender } = render(<MessageList busy messages={[question, earlier, { ...question, id: 'u2' }, streaming('It is')]} />);
    expect(parsed()).toEqual(['An **earlier** answer.', 'Let me check.', 'It is']);

    vi.mocked(ReactMarkdown).mockClear();
    rerender(<MessageList busy messages={[question, earlier, { ...question, id: 'u2' }, streaming('It is sunny')]} />);
    expect(parsed()).toEqual(['It is sunny']);
    expect(screen.getByText('It is sunny')).toBeTruthy();
  });
});
