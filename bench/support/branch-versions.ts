import type { UIMessage } from 'ai';
import type { Branch } from '../../src/core/index';
import { longThread } from '../../test/support/long-thread';

/** The thread's length, its versions of one question, and that question's place (the 3rd message). */
export const MESSAGES = 1_000;
export const VERSIONS = 10;
export const AT = 2;

/**
 * A 1,000-message thread whose second question has 10 versions. `own`: each with a whole tail of
 * its own (ids of its own), so a switch replaces every row after the question, the worst case.
 * `short`: the first version keeps the long tail and the 9 edits each have their answer only,
 * which is what editing a question near the top of a long chat makes. `paths[i]` is the
 * conversation version `i` shows, the baseline's `setMessages`.
 */
export function versionedThread(tails: 'own' | 'short', { varied = false }: { varied?: boolean } = {}) {
  const path = longThread(MESSAGES, { varied });
  const paths: UIMessage[][] = [path];
  const branches: Branch[] = [];
  for (let version = 1; version < VERSIONS; version++) {
    const tail = (tails === 'own' ? path.slice(AT) : path.slice(AT, AT + 2)).map((message, i): UIMessage => {
      const id = `v${version}-${message.id}`;
      return i === 0 ? { ...message, id, parts: [{ type: 'text', text: `Version ${version + 1} of the question` }] } : { ...message, id };
    });
    branches.push({ parentId: path[AT - 1]!.id, index: version, messages: tail });
    paths.push([...path.slice(0, AT), ...tail]);
  }
  return { path, branches, paths };
}
