import { memo, useEffect, useSyncExternalStore } from 'react';
import { lazyModule } from '../../core/lazy-module';
import { ImageOriginsProvider } from './image-origins';
import type { UIMessage } from 'ai';
import type { TextCitation } from '../components/sources/message-sources';

export interface MarkdownProps {
  /** Model text; may be cut anywhere while it streams. */
  text: string;
  className?: string;
  /**
   * Origins whose images load without asking, besides the page's own (overrides an
   * `ImageOriginsProvider` above). Images from anywhere else wait for a click.
   * @default the nearest `ImageOriginsProvider`'s, or none
   * @example imageOrigins={['https://images.example.com']}
   */
  imageOrigins?: readonly string[];
  /**
   * The message the text belongs to, when it has sources (`source-url` and `source-document`
   * parts, or citations): the text's `[1]` cites the first of them, shown as a marker that
   * links to it, numbered as `SourceList` lists them.
   */
  message?: UIMessage | undefined;
  /** The text part's `citations`: a marker after each span they cite. */
  citations?: readonly TextCitation[] | undefined;
}

// The parser (react-markdown + remark-gfm, about half of what an app pays up front) lives in
// its own chunk. Not `React.lazy`: once the chunk is in, every Markdown renders it
// synchronously (no Suspense fallback for rows mounted later), and a chunk that fails to load
// leaves the text plain instead of throwing to an error boundary.
const renderer = lazyModule(() => import('./markdown-renderer'));
let tried: Promise<void> | undefined;

/**
 * Starts loading the Markdown renderer, once; resolves when Markdown renders formatted.
 * `ChatWrapper` calls it on mount, so readers do not see the plain-text stand-in in practice.
 */
export function preloadMarkdown(): Promise<void> {
  // Tried once per page: every row of a long thread would try again (and say so) otherwise.
  tried ??= renderer.load().then(
    () => undefined,
    (error: unknown) => {
      // Offline, or a deploy removed the chunk: the text stays readable as plain text.
      console.error('toolchat: the Markdown renderer could not be loaded; showing plain text.', error);
    },
  );
  return tried;
}

const getRenderer = () => renderer.loaded()?.default;
// The server renders the plain text, and so does hydration, whatever has loaded by then.
const getServerRenderer = () => undefined;

/**
 * Model text as GitHub-flavoured Markdown. Raw HTML is shown as text, never parsed into
 * elements; unsafe link and image URLs are removed; links open in a new tab without
 * access to this page and show their destination; images from other origins are not fetched
 * until the user asks (see `imageOrigins`). Until the renderer's chunk has loaded
 * (`preloadMarkdown`), the text shows as plain text with its line breaks. While an answer
 * streams only its last block is parsed again; a message whose text did not change is not
 * parsed again at all.
 */
export const Markdown = memo(function Markdown({ text, className, imageOrigins, message, citations }: MarkdownProps) {
  const Loaded = useSyncExternalStore(renderer.subscribe, getRenderer, getServerRenderer);
  useEffect(() => {
    if (!Loaded) void preloadMarkdown();
  }, [Loaded]);
  const content = Loaded ? <Loaded text={text} message={message} citations={citations} /> : <div className="toolchat-markdown-plain">{text}</div>;
  return (
    // The model's text runs in its own direction (an English answer on a right-to-left page).
    <div className={className ? `toolchat-markdown ${className}` : 'toolchat-markdown'} dir="auto">
      {imageOrigins ? <ImageOriginsProvider origins={imageOrigins}>{content}</ImageOriginsProvider> : content}
    </div>
  );
});
Markdown.displayName = 'Markdown';
