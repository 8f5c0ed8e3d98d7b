import { useId } from 'react';
import type { ToolGrant, ToolGrants as GrantStorage } from '../../core/chat/grants';
import { useToolGrants } from '../use-tool-grants';
import { usePartLabels } from './part-labels';
import { useToolTitle } from './tool-title';

export interface ToolGrantsProps {
  /**
   * Where the grants are kept.
   * @default the `grants` of the chat in context, else the page's default
   */
  grants?: GrantStorage;
  className?: string;
}

/**
 * The user's grants ("Always allow", "Allow for this chat"), each with what it covers and a
 * Revoke button: for a settings page. Inside or outside a chat.
 */
export function ToolGrants({ grants: storage, className }: ToolGrantsProps) {
  const labels = usePartLabels();
  const { grants, revoke } = useToolGrants(storage ? { grants: storage } : {});
  const headingId = useId();
  return (
    <section className={className ? `toolchat-grants ${className}` : 'toolchat-grants'} aria-labelledby={headingId}>
      <h2 className="toolchat-grants-heading" id={headingId}>
        {labels.toolGrants}
      </h2>
      {grants.length === 0 ? (
        <p className="toolchat-grants-empty">{labels.noToolGrants}</p>
      ) : (
        <ul className="toolchat-grants-list">
          {grants.map((grant) => (
            <GrantRow key={`${grant.toolName}\u0000${grant.scope ?? ''}\u0000${grant.chatId ?? ''}`} grant={grant} onRevoke={() => void revoke(grant)} />
          ))}
        </ul>
      )}
    </section>
  );
}
ToolGrants.displayName = 'ToolGrants';

/** The storage of the user's grants: see `localStorageGrants`, `memoryGrants`. */
export interface ToolGrants extends GrantStorage {}

function GrantRow({ grant, onRevoke }: { grant: ToolGrant; onRevoke: () => void }) {
  const labels = usePartLabels();
  const title = useToolTitle(grant.toolName);
  const id = useId();
  const reach = labels.grantReach({ title, ...(grant.scope === undefined ? {} : { scope: grant.scope }), chatOnly: grant.chatId !== undefined });
  return (
    <li className="toolchat-grant" data-reach={grant.chatId === undefined ? 'always' : 'chat'}>
      <span id={id}>{reach}</span>
      <button type="button" className="toolchat-button" aria-describedby={id} onClick={onRevoke}>
        {labels.revokeGrant}
      </button>
    </li>
  );
}
