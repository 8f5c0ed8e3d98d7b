import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { ToolCallView } from '../../react/types';
import type { ToolCardView } from '../../react/components/tool-card-view';
import type { McpToolCardSource } from '../apps/tool-card-source';
import type { McpElicitation } from '../elicitation/elicitations';

// Both load when a card first needs them: never with the chat, nor with `toolchat/mcp` itself.
const McpAppView = lazy(() => import('./mcp-app-view').then((module) => ({ default: module.McpAppView })));
const ElicitationForm = lazy(() => import('./elicitation-form').then((module) => ({ default: module.ElicitationForm })));

/** Phases in which a call's app shows: not before the user approved the call, nor after a denial. */
const HIDDEN = new Set<ToolCallView['phase']>(['awaiting-approval', 'denied', 'interrupted']);

/** The questions of `source`'s server asked during the call `toolCallId`, or during an app call whose id starts with it. */
export function useElicitations(source: McpToolCardSource, belongs: (toolCallId: string) => boolean): McpElicitation[] {
  const pending = useSyncExternalStore(source.elicitations.subscribe, () => source.elicitations.pending, () => source.elicitations.pending);
  return pending.filter((elicitation) => belongs(elicitation.toolCallId));
}

/** The server's questions, each a form; in a card. */
export function ElicitationForms({ elicitations }: { elicitations: readonly McpElicitation[] }) {
  if (elicitations.length === 0) return null;
  return (
    <Suspense fallback={null}>
      {elicitations.map((elicitation) => (
        <ElicitationForm key={elicitation.id} elicitation={elicitation} />
      ))}
    </Suspense>
  );
}

function McpToolCardExtras({ call, source }: { call: ToolCallView; source: McpToolCardSource }) {
  const questions = useElicitations(source, (id) => id === call.toolCallId);
  const app = source.resourceUri !== undefined && !HIDDEN.has(call.phase);
  return (
    <>
      <ElicitationForms elicitations={questions} />
      {app && (
        <Suspense fallback={null}>
          <McpAppView call={call} source={source} />
        </Suspense>
      )}
    </>
  );
}
McpToolCardExtras.displayName = 'McpToolCardExtras';

/** What an MCP tool keeps under `TOOL_CARD_VIEW`: its app and its server's questions, in its card. */
export function mcpToolCardView(source: McpToolCardSource): ToolCardView {
  const view: ToolCardView = (call) => <McpToolCardExtras key={call.toolCallId} call={call} source={source} />;
  // An app stays on screen once the model answered: its card never folds into the summary.
  if (source.resourceUri !== undefined) view.stays = true;
  return view;
}
