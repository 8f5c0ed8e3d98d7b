import { useEffect, useRef, useState } from 'react';
import { useToolChatLabels } from '../components/labels';
import { useHighlightedLines } from './highlight';

export interface CodeBlockProps {
  code: string;
  /** From the fence's info string (```ts); becomes the `language-<name>` class highlighters look for. */
  language?: string | undefined;
}

/**
 * A fenced code block with a Copy button. Highlighting comes from a `CodeHighlighter` the
 * host loads lazily (`CodeHighlighterProvider`, or `ChatWrapper`'s `highlightCode`), so none
 * weighs on the main bundle; the `language-<name>` class also suits class-based highlighters.
 */
export function CodeBlock({ code, language }: CodeBlockProps) {
  const labels = useToolChatLabels();
  const [copied, setCopied] = useState(false);
  const lines = useHighlightedLines(code, language);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
    } catch {
      return; // no clipboard (insecure context, denied): nothing to confirm
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), 2000);
  };

  return (
    <div className="toolchat-code" data-language={language}>
      <div className="toolchat-code-header">
        <span className="toolchat-code-language">{language}</span>
        <button
          type="button"
          className="toolchat-code-copy"
          aria-label={labels.copyCode}
          data-state={copied ? 'copied' : 'idle'}
          onClick={() => void copy()}
        >
          {copied ? labels.copied : labels.copyCode}
        </button>
      </div>
      <pre>
        <code className={language ? `language-${language}` : undefined} data-highlighted={lines ? '' : undefined}>
          {lines
            ? lines.map((line, row) => (
                <span key={row} className="toolchat-code-line">
                  {line.map((token, column) => (
                    <span key={column} className={token.className} style={token.color ? { color: token.color } : undefined}>
                      {token.content}
                    </span>
                  ))}
                  {row < lines.length - 1 ? '\n' : null}
                </span>
              ))
            : code}
        </code>
      </pre>
    </div>
  );
}
CodeBlock.displayName = 'CodeBlock';
