import type { LoopActivity } from '../loop/activity';
import { defaultLabels, markerLabels, type ToolLabels } from './labels';

/** What the chat is doing: the loop's activity with its human label. */
export interface Activity extends LoopActivity {
  label: string;
}

/** The labels the status uses: the defaults, the marker wording in marker mode, then the app's own. */
export function statusLabels(labels: Partial<ToolLabels> | undefined, toolMarkers: 'on' | 'off' | undefined): ToolLabels {
  if (!labels && toolMarkers !== 'on') return defaultLabels;
  return { ...defaultLabels, ...(toolMarkers === 'on' ? markerLabels : {}), ...labels };
}

/** Puts the loop's activity into words; `title` names a tool as people read it (`toolTitle`). */
export function describeActivity(activity: LoopActivity, labels: ToolLabels, title: (toolName: string) => string = (name) => name): Activity {
  return { ...activity, label: labelOf(activity, labels, (activity.toolNames ?? []).map(title)) };
}

function labelOf(activity: LoopActivity, labels: ToolLabels, tools: string[]): string {
  switch (activity.state) {
    case 'idle':
      return labels.idle;
    case 'thinking':
      return labels.thinking;
    case 'streaming':
      return labels.streaming;
    case 'waiting-for-tool-input':
      return labels.waitingForToolInput;
    case 'executing':
      return labels.executing(tools, activity.round ?? 1, activity.maxRounds ?? 1);
    case 'awaiting-approval':
      return labels.awaitingApproval(tools);
    case 'finalizing':
      return activity.final === 'budget' ? labels.budgetReached : labels.finalizing;
    case 'error':
      return labels.error(activity.error ?? new Error('Unknown error'));
  }
}

/** Whether two activities read the same, so a consumer can keep the old object. */
export function sameActivity(a: Activity, b: Activity): boolean {
  return a.state === b.state && a.label === b.label && a.error === b.error;
}
