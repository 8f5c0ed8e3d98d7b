/**
 * Imports an optional peer (`pg`, `@electric-sql/pglite`, `redis`, `resumable-stream`) when the
 * store that needs it opens. The specifier is a variable, and marked for bundlers to leave
 * alone, so an app's build (Next.js, webpack, Vite) never tries to resolve a package it did not
 * install because it never picks that store. A package that is missing is an error naming it
 * and its install command, never a bare "Cannot find module".
 */
export async function importOptionalPeer<MODULE>(specifier: string, user = 'toolchat'): Promise<MODULE> {
  try {
    return (await import(/* webpackIgnore: true */ /* turbopackIgnore: true */ /* @vite-ignore */ specifier)) as MODULE;
  } catch (error) {
    if (isNotFound(error)) throw missingPeer(specifier, user);
    throw error;
  }
}

/**
 * Throws at once when an optional peer is not installed where this module can see it, so that
 * a store that needs one fails where the app creates it (naming the package and the install
 * command), not on every request. Where the runtime cannot tell (no `node:module`: an edge
 * runtime, a bundle), nothing is checked and the import says it when the store opens.
 */
export function requireOptionalPeer(specifier: string, user: string): void {
  const runtime = globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } };
  const nodeModule = runtime.process?.getBuiltinModule?.('node:module') as { createRequire?: (from: string | URL) => { resolve(id: string): string } } | undefined;
  if (typeof nodeModule?.createRequire !== 'function') return;
  let resolve: (id: string) => string;
  try {
    resolve = nodeModule.createRequire(import.meta.url).resolve;
  } catch {
    return;
  }
  try {
    resolve(packageOf(specifier));
  } catch (error) {
    // Found but not `require`-able (an ESM-only package) is installed all the same.
    if (isNotFound(error)) throw missingPeer(specifier, user);
  }
}

function isNotFound(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'MODULE_NOT_FOUND' || code === 'ERR_MODULE_NOT_FOUND';
}

/** `@scope/name/sub` → `@scope/name`; `name/sub` → `name`. */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

function missingPeer(specifier: string, user: string): Error {
  const name = packageOf(specifier);
  return new Error(`${user} needs the package ${name}, which is not installed. Install it: npm install ${name}`);
}
