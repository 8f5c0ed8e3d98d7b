import type { UIMessage } from 'ai';
import { useId, useMemo } from 'react';
import { usePartLabels } from '../part-labels';
import { messageSources } from './message-sources';
import { SourcePart } from './source-part';

export interface SourceListProps {
  /** The answer whose sources to list. */
  message: UIMessage;
  className?: string;
}

/**
 * The sources an answer cites, numbered as its text cites them (`[1]` is the first): web pages
 * as links, documents by name. Renders nothing for an answer without sources.
 */
export function SourceList({ message, className }: SourceListProps) {
  const labels = usePartLabels();
  const id = useId();
  const sources = useMemo(() => messageSources(message), [message]);
  if (sources.length === 0) return null;
  return (
    <div className={className ? `toolchat-sources ${className}` : 'toolchat-sources'}>
      <div className="toolchat-sources-title" id={id}>
        {labels.sources}
      </div>
      <ol className="toolchat-source-list" aria-labelledby={id}>
        {sources.map((source, index) => (
          <li key={source.sourceId}>
            <SourcePart part={source} number={index + 1} />
          </li>
        ))}
      </ol>
    </div>
  );
}
SourceList.displayName = 'SourceList';
