// Every part but ChatWrapper, which alone needs the hook.
export { Composer, type ComposerProps } from './composer';
export { EmptyState, type EmptyStateProps } from './empty-state';
export { ErrorBanner, type ErrorBannerProps } from './error-banner';
export { FilePart, SourcePart, type FilePartProps, type SourcePartProps } from './file-part';
export { defaultUiLabels, resolveUiLabels, useToolChatLabels, type UiLabels } from './labels';
export { Message, type MessageProps } from './message';
export { MessageActions, type MessageActionsProps } from './message-actions';
export { messageMarkdown } from './message-markdown';
export type { AttachmentOptions } from './attachment-tray';
export { ToolArgsSummary, type ToolArgsSummaryProps } from './tool-args-summary';
export { humanizeToolName, useToolTitle } from './tool-title';
export { MessageList, type MessageListProps } from './message-list';
export { Reasoning, type ReasoningProps } from './reasoning';
export { StatusIndicator, type StatusIndicatorProps } from './status-indicator';
export { ToolCallCard, type ToolCallCardProps, type ToolRenderers } from './tool-call-card';
export { ToolSummary, type ToolSummaryProps } from './tool-summary';
export { TurnNotice, type TurnNoticeProps } from './turn-notice';
export { StatusIcon } from './icons';
export { toolCallViewFromPart } from './tool-call-view';
export { PendingApprovals, type PendingApprovalsProps } from './pending-approvals';
export { ToolGrants, type ToolGrantsProps } from './tool-grants';
export {
  CodeBlock,
  CodeHighlighterProvider,
  ImageOriginsProvider,
  Markdown,
  preloadMarkdown,
  type CodeBlockProps,
  type CodeHighlighter,
  type CodeHighlighterProviderProps,
  type HighlightToken,
  type ImageOriginsProviderProps,
  type MarkdownProps,
} from '../markdown/index';
export { ThreadList, type ThreadListLabels, type ThreadListProps } from './thread-list';
// The chat's optional parts load the first time one renders.
export { ContextMeter, DictationButton, FeedbackButtons, FollowUps, ReadAloudButton, SourceList } from './lazy-chat-parts';
export { usageCost, type ContextMeterProps, type TokenPrices } from './context-meter';
export type { DictationButtonProps } from './speech/dictation';
export type { FeedbackButtonsProps, FeedbackHandler } from './feedback';
export type { FollowUpSource, FollowUpsProps } from './follow-ups';
export type { ReadAloudButtonProps } from './speech/read-aloud';
export type { SourceListProps } from './sources/source-list';
export { messageSources, type SourceUIPart } from './sources/message-sources';
export type { DictationError, FeedbackValue, LocaleLabels, PartLabels, UsageRow } from './part-labels';
