import { useEffect, useRef, useState } from 'react';
import { useToolChatLabels } from '../components/labels';

export interface CodeBlockProps {
  code: string;
  /** From the fence's info string (```ts); becomes the `language-<name>` class highlighters look for. */
  language?: string | undefined;
}

/**
 * A fenced code block with a Copy button. Highlighting is left to the host: the
 * `language-<name>` class is the hook for a lazily loaded highlighter, so none weighs on
 * the main bundle.
 */
export function CodeBlock({ code, language }: CodeBlockProps) {
  const labels = useToolChatLabels();
  const [copied, setCopied] = useState(false);
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
        <code className={language ? `language-${language}` : undefined}>{code}</code>
      </pre>
    </div>
  );
}
CodeBlock.displayName = 'CodeBlock';
