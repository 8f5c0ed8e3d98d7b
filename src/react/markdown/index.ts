export { Markdown, type MarkdownProps } from './markdown';
export { CodeBlock, type CodeBlockProps } from './code-block';
