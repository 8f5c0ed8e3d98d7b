import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../..', import.meta.url));

/** The JavaScript entries of package.json `exports`, as apps import them (`toolchat`, `toolchat/core`, …). */
export function moduleEntries(): string[] {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { name: string; exports: Record<string, unknown> };
  return Object.entries(pkg.exports)
    .filter(([, target]) => typeof target === 'object' && target !== null && 'import' in target && String(target.import).endsWith('.js'))
    .map(([subpath]) => (subpath === '.' ? pkg.name : `${pkg.name}/${subpath.slice(2)}`));
}

/**
 * A type-level check of every entry: each must have exports and none may be `any`, which is what
 * a declaration that does not resolve under the app's `moduleResolution` silently gives.
 */
function entriesCheck(): string {
  const entries = moduleEntries();
  return [
    "import type { Typed } from './typed.js';",
    ...entries.map((entry, i) => `import * as entry${i} from '${entry}';`),
    '',
    `export const typed: [${entries.map((_, i) => `Typed<typeof entry${i}>`).join(', ')}] = [${entries.map(() => "'typed'").join(', ')}];`,
    '',
  ].join('\n');
}

/** A fresh app from test/compat/app with the given dependencies, as `npm create vite` would leave it. */
export function createApp(dir: string, packageJson: object): void {
  mkdirSync(dir, { recursive: true });
  cpSync(path.join(root, 'test/compat/app'), dir, { recursive: true });
  writeFileSync(path.join(dir, 'src/entries.ts'), entriesCheck());
  writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify(packageJson, null, 2)}\n`);
}

/** An example from examples/, copied without anything installed or built. */
export function copyExample(name: string, dir: string): void {
  cpSync(path.join(root, 'examples', name), dir, {
    recursive: true,
    filter: (source) => !/[/\\](node_modules|dist|\.next|\.venv|__pycache__)([/\\]|$)/.test(source) && !source.endsWith('package-lock.json'),
  });
}
