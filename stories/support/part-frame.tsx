import type { Decorator } from '@storybook/react-vite';
import { useMemo } from 'react';
import { createToolChat, ToolChatProvider, type ToolChat, type UiLabels } from 'toolchat';
import { playgroundArgTypes } from './playground';

/** What a part's buttons call on the chat it is shown in: spies in a story. */
export type ChatActions = Partial<Pick<ToolChat, 'approve' | 'deny' | 'alwaysAllow' | 'answerApproval' | 'continue' | 'runAgain'>>;

/** Args every part story has beside the part's own props: how it looks, what it says, and the chat it is shown in. */
export interface LookArgs {
  theme?: 'light' | 'dark';
  labels?: Partial<UiLabels>;
  /** The chat's round limit, as "Stopped after 5 tool rounds" counts it. */
  maxToolRounds?: number;
  actions?: ChatActions;
}

/** The id of the answer a part's chat ends with: a notice under it offers the way on. */
export const LAST_ANSWER_ID = 'last-answer';

export const lookArgTypes = {
  theme: { ...playgroundArgTypes.theme, options: ['light', 'dark'], table: { category: 'Look', defaultValue: { summary: "'light'" } } },
  labels: { ...playgroundArgTypes.labels, table: { category: 'Look' } },
  maxToolRounds: { control: { type: 'number' as const, min: 1, max: 20 }, table: { category: 'Chat' } },
  actions: { control: false as const, table: { category: 'Chat' } },
};

/**
 * A part on its own, inside the `.toolchat` element its styles hang off and the chat it reads
 * (a chat that ends with an idle answer, whose actions are the story's spies), with the story's
 * labels and theme.
 */
export const partFrame: Decorator = (Story, { args, viewMode }) => {
  const { theme = 'light', labels, maxToolRounds, actions } = args as LookArgs;
  const chat = useMemo(() => {
    const made = createToolChat({
      ...(labels ? { labels } : {}),
      ...(maxToolRounds === undefined ? {} : { maxToolRounds }),
      initialMessages: [{ id: LAST_ANSWER_ID, role: 'assistant', parts: [] }],
    });
    return Object.assign(made, actions);
  }, [labels, maxToolRounds, actions]);
  return (
    <ToolChatProvider chat={chat}>
      <div className="toolchat" data-theme={theme} style={{ height: 'auto', minHeight: viewMode === 'docs' ? undefined : '100vh', padding: 16 }}>
        <Story />
      </div>
    </ToolChatProvider>
  );
};
