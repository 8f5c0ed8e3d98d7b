/** Names every provider accepts for a tool (OpenAI, Anthropic and Gemini all take these). */
export const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

/** FNV-1a: a short, stable tag that keeps shortened or cleaned names apart. */
function tag(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36).padStart(7, '0');
}

const clean = (text: string) => text.replace(/[^a-zA-Z0-9_-]/g, '_');

/**
 * The name the model calls a remote tool by: `prefix_name` (the prefix cut to 24 characters),
 * with characters providers refuse replaced by `_`, and a stable tag of the remote name when it
 * had to be cleaned or the whole shortened to 64 characters, so two remote names never meet in one.
 */
export function localToolName(remoteName: string, prefix?: string): string {
  const head = prefix ? `${clean(prefix).slice(0, 24)}_` : '';
  const name = `${head}${clean(remoteName)}`;
  if (clean(remoteName) === remoteName && TOOL_NAME.test(name)) return name;
  const suffix = `_${tag(remoteName)}`;
  return `${name.slice(0, 64 - suffix.length)}${suffix}`;
}

/**
 * Local names for a list of remote names, in order: {@link localToolName}, and a numbered
 * name for the rare remote name that still meets another.
 */
export function localToolNames(remoteNames: readonly string[], prefix?: string): string[] {
  const taken = new Set<string>();
  return remoteNames.map((remoteName) => {
    let name = localToolName(remoteName, prefix);
    for (let n = 2; taken.has(name); n++) {
      const suffix = `_${n}`;
      name = `${localToolName(remoteName, prefix).slice(0, 64 - suffix.length)}${suffix}`;
    }
    taken.add(name);
    return name;
  });
}
