/** Every user-visible string of the loop and the UI, so apps can translate them. */
export interface ToolLabels {
  thinking: string;
  streaming: string;
  waitingForToolInput: string;
  /** `tools`: the running tools by their titles (`defineTool({ title })`, else the name humanised). */
  executing: (tools: readonly string[], round: number, maxRounds: number) => string;
  /** `tools`: the tools waiting for approval, by their titles. */
  awaitingApproval: (tools: readonly string[]) => string;
  finalizing: string;
  /** Status of the forced final answer once the `maxTokens` budget is used up. */
  budgetReached: string;
  error: (error: Error) => string;
  idle: string;
  send: string;
  stop: string;
  retry: string;
  approve: string;
  deny: string;
  inputPlaceholder: string;
  messageList: string;
  toolArguments: string;
  toolResult: string;
  toolError: string;
}

export const defaultLabels: ToolLabels = {
  thinking: 'Thinking…',
  streaming: 'Writing…',
  waitingForToolInput: 'Waiting for tool call completion…',
  executing: (tools, round, maxRounds) =>
    `Executing ${tools.join(', ')}…${round > 1 ? ` (round ${round} of ${maxRounds})` : ''}`,
  awaitingApproval: (tools) => `Waiting for your approval to run ${tools.join(', ')}`,
  finalizing: 'Maximum tool execution rounds reached. Generating final response…',
  budgetReached: 'Token budget reached. Generating final response…',
  error: (error) => `Something went wrong: ${error.message}`,
  idle: '',
  send: 'Send',
  stop: 'Stop',
  retry: 'Retry',
  approve: 'Approve',
  deny: 'Deny',
  inputPlaceholder: 'Ask something…',
  messageList: 'Conversation',
  toolArguments: 'Arguments',
  toolResult: 'Result',
  toolError: 'Error',
};

/**
 * The statuses of the legacy `###:` marker mode, where a tool call streams as text: the
 * wording users of text-only prompts know.
 */
export const markerLabels: Pick<ToolLabels, 'waitingForToolInput' | 'executing'> = {
  // The wrench these statuses had as an emoji is drawn by `StatusIndicator` (an SVG): an emoji
  // needs an emoji font, and shows as an empty box without one.
  waitingForToolInput: 'Waiting for tool call completion…',
  executing: (tools, round, maxRounds) =>
    `Executing tool: ${tools.join(', ')}…${round > 1 ? ` (round ${round} of ${maxRounds})` : ''}`,
};
