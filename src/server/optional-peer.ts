/**
 * Imports an optional peer (`pg`, `@electric-sql/pglite`, `redis`, `resumable-stream`) when the
 * store that needs it opens. The specifier is a variable, and marked for bundlers to leave
 * alone, so an app's build (Next.js, webpack, Vite) never tries to resolve a package it did not
 * install because it never picks that store.
 */
export function importOptionalPeer<MODULE>(specifier: string): Promise<MODULE> {
  return import(/* webpackIgnore: true */ /* turbopackIgnore: true */ /* @vite-ignore */ specifier) as Promise<MODULE>;
}
