import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = fileURLToPath(new URL('../../src/', import.meta.url));
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? files(full) : /\.tsx?$/.test(entry.name) ? [full] : [];
  });

/** Every own module a file imports (static, dynamic and type imports), as a path under src/. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:from\s+|import\s*\(\s*)'(\.[^']+)'/g)].map((match) => match[1]!);
  return specifiers.map((specifier) => path.relative(src, path.resolve(path.dirname(file), specifier)));
}

describe('layers', () => {
  it('core imports nothing from a layer above it (transports, React, the server, MCP)', () => {
    const crossings = files(path.join(src, 'core')).flatMap((file) =>
      importsOf(file)
        .filter((target) => !target.startsWith(`core${path.sep}`))
        .map((target) => `${path.relative(src, file)} → ${target}`),
    );
    expect(crossings).toEqual([]);
  });
});
