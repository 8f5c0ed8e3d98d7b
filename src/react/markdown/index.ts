export { Markdown, preloadMarkdown, type MarkdownProps } from './markdown';
export { CodeBlock, type CodeBlockProps } from './code-block';
export {
  CodeHighlighterProvider,
  type CodeHighlighter,
  type CodeHighlighterProviderProps,
  type HighlightToken,
} from './highlight';
export { ImageOriginsProvider, type ImageOriginsProviderProps } from './image-origins';
