#!/usr/bin/env node
// Type-checks the documentation's whole-file code blocks against the package's source, so the
// docs cannot rot: every ```ts or ```tsx block whose first line is an `import` (after a
// `'use client'` directive, if any) is a file of its own (it may `declare` what it needs); other
// blocks are fragments and are left alone.
//
//   node scripts/check-docs.mjs                 README.md and docs/**/*.md
//   node scripts/check-docs.mjs docs/tools.md   only the files or folders given
//
// The blocks are written to a temporary folder inside the repository (so `react`, `zod`, `ai`, …
// resolve from its node_modules), with a tsconfig as strict as the project's whose `paths` map
// `toolchat`, `toolchat/core`, … to src/. Errors are reported at the Markdown file and line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The Markdown files under the given paths (relative to the working directory). */
function markdownFiles(targets) {
  const files = [];
  const visit = (target) => {
    if (statSync(target).isDirectory()) {
      for (const entry of readdirSync(target).sort()) visit(path.join(target, entry));
    } else if (target.endsWith('.md')) {
      files.push(path.resolve(target));
    }
  };
  targets.forEach(visit);
  return files;
}

/** The whole-file blocks of one Markdown file: language, the line their code starts on, code. */
export function wholeFileBlocks(markdown) {
  const blocks = [];
  const lines = markdown.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const open = /^(\s*)(`{3,}|~{3,})\s*(ts|tsx|typescript)\b/.exec(lines[index]);
    if (!open) continue;
    const [, indent, fence, language] = open;
    const start = index + 1;
    let end = start;
    while (end < lines.length && !lines[end].trimStart().startsWith(fence)) end++;
    const code = lines.slice(start, end).map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line));
    // A client module of Next.js's App Router opens with its directive, then its imports.
    const first = /^(['"])use (?:client|server)\1;?\s*$/.test(code[0] ?? '') ? 1 : 0;
    if (/^import\b/.test(code[first] ?? '')) blocks.push({ language: language === 'tsx' ? 'tsx' : 'ts', line: start + 1, code: `${code.join('\n')}\n` });
    index = end;
  }
  return blocks;
}

function main(args) {
  const targets = args.length > 0 ? args : ['README.md', 'docs'].map((target) => path.join(root, target)).filter(existsSync);
  const files = markdownFiles(targets);
  const dir = mkdtempSync(path.join(root, '.docs-check-'));
  try {
    /** Generated file name → where its code came from. */
    const origins = new Map();
    for (const file of files) {
      const name = path.relative(root, file).replace(/[^\w]+/g, '_');
      for (const [n, block] of wholeFileBlocks(readFileSync(file, 'utf8')).entries()) {
        const generated = `${name}_${n + 1}.${block.language}`;
        writeFileSync(path.join(dir, generated), block.code);
        origins.set(generated, { file: path.relative(process.cwd(), file), line: block.line });
      }
    }
    if (origins.size === 0) {
      console.log(`check-docs: no whole-file ts/tsx blocks in ${files.length} Markdown files`);
      return 0;
    }
    writeFileSync(path.join(dir, 'styles.d.ts'), "declare module 'toolchat/styles.css' {}\n");
    const src = (entry) => [path.join(root, 'src', entry)];
    const tsconfig = {
      compilerOptions: {
        target: 'ES2022',
        lib: ['ES2023', 'DOM', 'DOM.Iterable'],
        module: 'ESNext',
        moduleResolution: 'Bundler',
        jsx: 'react-jsx',
        strict: true,
        noUncheckedIndexedAccess: true,
        exactOptionalPropertyTypes: true,
        verbatimModuleSyntax: true,
        isolatedModules: true,
        skipLibCheck: true,
        allowImportingTsExtensions: true,
        // A page's snippets may define names they do not use (`const handler = …` to show a shape).
        noUnusedLocals: false,
        types: ['node'],
        noEmit: true,
        paths: {
          toolchat: src('index.ts'),
          'toolchat/core': src('core/index.ts'),
          'toolchat/transports': src('transports/index.ts'),
          'toolchat/server': src('server/index.ts'),
          'toolchat/mcp': src('mcp/index.ts'),
          'toolchat/marker': src('marker/index.ts'),
          'toolchat/testing': src('testing/index.ts'),
          'toolchat/locales': src('locales/index.ts'),
        },
      },
      include: ['*.ts', '*.tsx'],
    };
    writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
    // And as a fresh Next.js app compiles them: `strict` off (its generated tsconfig), where a
    // union only narrows by `=== true`, `in` or `instanceof`, never by `if (!result.ok)`.
    const loose = { extends: './tsconfig.json', compilerOptions: { strict: false, exactOptionalPropertyTypes: false, noUncheckedIndexedAccess: false } };
    writeFileSync(path.join(dir, 'tsconfig.loose.json'), JSON.stringify(loose, null, 2));
    for (const [config, name] of [
      ['tsconfig.json', 'strict'],
      ['tsconfig.loose.json', 'without strict, as a fresh Next.js app'],
    ]) {
      const tsc = spawnSync(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', path.join(dir, config), '--pretty', 'false'], {
        cwd: dir,
        encoding: 'utf8',
      });
      let output = `${tsc.stdout}${tsc.stderr}`;
      // Apps read the package's declarations, not its source: without strict, only the blocks' own errors count.
      if (config !== 'tsconfig.json') output = output.split(/\n(?=\S)/).filter((error) => origins.has(error.split('(')[0] ?? '')).join('\n');
      // "name.tsx(3,7): error TS2322: …" → "docs/tools.md:14:7: error TS2322: …" (errors in src/ stay as they are).
      const mapped = output.replace(/^([\w.]+\.tsx?)\((\d+),(\d+)\)/gm, (whole, generated, line, column) => {
        const origin = origins.get(generated);
        return origin ? `${origin.file}:${origin.line + Number(line) - 1}:${column}` : whole;
      });
      if (config === 'tsconfig.json' ? tsc.status !== 0 : output.trim() !== '') {
        process.stderr.write(mapped.endsWith('\n') || mapped === '' ? mapped : `${mapped}\n`);
        console.error(`check-docs: ${origins.size} whole-file blocks in ${files.length} Markdown files, compiled ${name}; the errors above are theirs`);
        return 1;
      }
    }
    console.log(`check-docs: ${origins.size} whole-file blocks in ${files.length} Markdown files type-check`);
    return 0;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv.slice(2));
}
