import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';

/** One highlighted run of code: its text and how to colour it. */
export interface HighlightToken {
  content: string;
  /** e.g. Prism's `token keyword`. */
  className?: string;
  /** e.g. Shiki's `codeToTokens` colour. */
  color?: string;
}

/**
 * Turns code into lines of tokens. Load the highlighter inside it with `import()` so it
 * stays out of the main bundle; text, not HTML, so nothing from the model is ever parsed
 * as markup. Resolve `null` to leave a block plain.
 * @example
 * const highlightCode: CodeHighlighter = async (code, lang) =>
 *   (await import('shiki')).codeToTokens(code, { lang, theme: 'github-light' })
 *     .then((result) => result.tokens);
 */
export type CodeHighlighter = (code: string, language: string) => Promise<HighlightToken[][] | null>;

const HighlighterContext = createContext<CodeHighlighter | undefined>(undefined);

export interface CodeHighlighterProviderProps {
  highlight?: CodeHighlighter | undefined;
  children?: ReactNode;
}

/** Gives the code blocks below it a highlighter. */
export function CodeHighlighterProvider({ highlight, children }: CodeHighlighterProviderProps) {
  return <HighlighterContext.Provider value={highlight}>{children}</HighlighterContext.Provider>;
}
CodeHighlighterProvider.displayName = 'CodeHighlighterProvider';

/** The tokens of `code` once the highlighter has them; `null` meanwhile, on failure, or without one. */
export function useHighlightedLines(code: string, language: string | undefined): HighlightToken[][] | null {
  const highlight = useContext(HighlighterContext);
  const [result, setResult] = useState<{ code: string; lines: HighlightToken[][] | null } | null>(null);
  useEffect(() => {
    if (!highlight || !language) return;
    let current = true;
    highlight(code, language).then(
      (lines) => current && setResult({ code, lines }),
      () => current && setResult({ code, lines: null }), // a failed highlighter leaves the code plain
    );
    return () => {
      current = false;
    };
  }, [highlight, code, language]);
  // Tokens of older text would drop the newest characters: show plain code until they catch up.
  return highlight && language && result?.code === code ? result.lines : null;
}
