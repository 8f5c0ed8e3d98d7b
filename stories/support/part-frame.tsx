import type { Decorator } from '@storybook/react-vite';
import { ToolChatLabelsProvider, type UiLabels } from 'toolchat';
import { playgroundArgTypes } from './playground';

/** Args every part story has beside the part's own props: how it looks and what it says. */
export interface LookArgs {
  theme?: 'light' | 'dark';
  labels?: Partial<UiLabels>;
}

export const lookArgTypes = {
  theme: { ...playgroundArgTypes.theme, options: ['light', 'dark'], table: { category: 'Look', defaultValue: { summary: "'light'" } } },
  labels: { ...playgroundArgTypes.labels, table: { category: 'Look' } },
};

/** A part on its own, inside the `.toolchat` element its styles hang off, with the story's labels and theme. */
export const partFrame: Decorator = (Story, { args, viewMode }) => {
  const { theme = 'light', labels } = args as LookArgs;
  return (
    <ToolChatLabelsProvider labels={labels}>
      <div className="toolchat" data-theme={theme} style={{ height: 'auto', minHeight: viewMode === 'docs' ? undefined : '100vh', padding: 16 }}>
        <Story />
      </div>
    </ToolChatLabelsProvider>
  );
};
