// The published build's lazy chunks. Every `import()` of one of our modules (the loop's chunk,
// the tools' schemas, the Markdown renderer…) points, in dist/, at a bundle of its own under
// dist/lazy/ that holds the modules only that lazy code needs, instead of at the module files the
// entries re-export.
//
// Why: esbuild splits an app by file, and puts every file an entry reaches through any import
// (the `toolchat` entry re-exports nearly every module) into the first load as soon as any code
// uses it, even code behind `import()`. With lazy code in its own files, an app bundled by
// esbuild loads it later, as Vite and webpack apps already did.
//
// A module stays shared (the lazy bundle imports the entry's file) when the first load needs it
// anyway (the static closure of `firstLoad`), or when it has an identity an app may compare with
// (an exported class: `instanceof ChatRequestError` must hold whichever code threw it). Every
// other module a lazy bundle needs is copied into it: an app that also imports that function
// from `toolchat` gets a second copy, loaded later.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { posix, relative, resolve, sep } from 'node:path';
import { build, type Plugin, type ResolvedConfig } from 'vite';

export interface LazyBundlesOptions {
  /** The source root (`src`), as the build's `preserveModulesRoot`. */
  srcDir: string;
  /** Modules whose static imports, all the way down, are the first load of an app. */
  firstLoad: readonly string[];
  /**
   * First-load modules under this many characters of source and without state (no React
   * context, no class, no top-level `let` or `Map`) are copied into the lazy bundles that use
   * them rather than imported: small shared modules would each be a chunk of its own.
   */
  copyBelow?: number;
  /** The build's external packages. */
  external: (id: string) => boolean;
  /**
   * Modules outside the first load that the lazy bundles still import from their own dist/ file
   * rather than copy: public code several lazy bundles run (executing a tool call). A copy would
   * put its dependencies' imports (zod, the AI SDK's utilities) into the lazy bundle itself, and
   * Rolldown then splits those packages out of an app's first chunk (issue 36).
   */
  share?: readonly string[];
  /**
   * Dependency modules (by import specifier) bundled into the lazy bundles instead of imported,
   * each with a rewrite of its code; the rewrite must change it (a new version fails the build).
   */
  inline?: Readonly<Record<string, (code: string) => string>>;
}

const CLASS_EXPORT = /^export (?:abstract )?class\s+(\w+)/gm;
const DYNAMIC_IMPORT = /\bimport\(\s*'(\.{1,2}\/[^']+)'\s*\)/g;
const KEEP = '__lazy_modules__';
const KEEP_ID = '\0toolchat-lazy-modules';
const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

/** A context, a class, top-level variables or maps: what two copies of a module would not share. */
const STATE = /\bcreateContext\(|^(?:export )?(?:let|var) |^(?:export )?(?:abstract )?class |^(?:export )?const \w+ = new (?:Weak)?Map\b/m;

function isCopyable(file: string, below: number): boolean {
  const code = readFileSync(file, 'utf8');
  return code.length < below && !STATE.test(code);
}

/** Every .ts and .tsx file under a folder. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => resolve(entry.parentPath, entry.name));
}

/** The source file an extensionless relative import names, if there is one. */
function resolveSource(path: string): string | undefined {
  return EXTENSIONS.map((extension) => path + extension).find((file) => existsSync(file));
}

/** The import specifier of `to` in a module at `from`, both relative to dist/. */
function relativeSpecifier(from: string, to: string): string {
  const path = posix.relative(posix.dirname(from), to);
  return path.startsWith('.') ? path : `./${path}`;
}

export function lazyBundles(options: LazyBundlesOptions): Plugin {
  const srcDir = resolve(options.srcDir);
  const inSrc = (id: string) => id.startsWith(srcDir + sep);
  /** A source file's path under dist/, without `.js`. */
  const nameOf = (id: string) => relative(srcDir, id).replace(/\.[cm]?[jt]sx?$/, '').split(sep).join('/');
  let config: ResolvedConfig;
  /**
   * Source file → its lazy bundle's name: dist/lazy/<name>.js, all in one folder, so that every
   * lazy file (bundles and their shared chunks alike) reaches the entries' files at `../`.
   */
  const targets = new Map<string, string>();
  /** Source files an entry imports, statically, all the way down: the files dist/ keeps. */
  const reachable = new Set<string>();
  const shared = new Set<string>();
  const outDir = () => resolve(config.root, config.build.outDir);
  const classesOf = (id: string) => [...readFileSync(id, 'utf8').matchAll(CLASS_EXPORT)].map((match) => match[1]!);
  const hasIdentity = (id: string) => classesOf(id).length > 0;

  return {
    name: 'toolchat-lazy-bundles',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    options(input) {
      // Every `import('./…')` of the sources, found before the build: the lazy modules also go
      // into this build, through one more entry that re-exports them, so that the files they
      // import keep every export they use (the entries' build drops exports nobody imports).
      for (const file of sourceFiles(srcDir)) {
        for (const [, specifier] of readFileSync(file, 'utf8').matchAll(DYNAMIC_IMPORT)) {
          const id = resolveSource(resolve(file, '..', specifier!));
          if (id === undefined || hasIdentity(id)) continue;
          const name = nameOf(id).split('/').at(-1)!;
          const taken = [...targets].find(([other, otherName]) => otherName === name && other !== id);
          if (taken) throw new Error(`lazy bundles: ${nameOf(id)} and ${nameOf(taken[0])} would both be lazy/${name}.js`);
          targets.set(id, name);
        }
      }
      const entries = typeof input.input === 'string' ? { index: input.input } : Array.isArray(input.input) ? Object.fromEntries(input.input.map((file) => [nameOf(file), file])) : input.input;
      return { ...input, input: { ...entries, [KEEP]: KEEP_ID } };
    },
    resolveId(source) {
      return source === KEEP_ID ? KEEP_ID : null;
    },
    load(id) {
      if (id !== KEEP_ID) return null;
      // Not namespaces (`import * as`): each module would build its namespace object in dist/.
      return [...targets.keys()]
        .map((file, i) => {
          const defaultExport = /^export default\b/m.test(readFileSync(file, 'utf8')) ? `\nexport { default as default${i} } from ${JSON.stringify(file)};` : '';
          return `export * from ${JSON.stringify(file)};${defaultExport}`;
        })
        .join('\n');
    },
    async resolveDynamicImport(specifier, importer) {
      if (typeof specifier !== 'string' || importer === undefined || !inSrc(importer)) return null;
      const resolved = await this.resolve(specifier, importer);
      const name = resolved && targets.get(resolved.id);
      if (name === undefined) return null;
      // Each module is its own file (`preserveModules`): the path from the importer's file.
      return { id: relativeSpecifier(`${nameOf(importer)}.js`, `lazy/${name}.js`), external: true };
    },
    buildEnd(error) {
      if (error) return;
      const closure = (roots: Iterable<string>, into: Set<string>, dynamic: boolean) => {
        const stack = [...roots];
        while (stack.length > 0) {
          const id = stack.pop()!;
          if (into.has(id)) continue;
          into.add(id);
          const info = this.getModuleInfo(id);
          for (const next of info?.importedIds ?? []) if (inSrc(next)) stack.push(next);
          // An `import()` that stays in dist/ (a module with an identity) keeps its file.
          if (dynamic) for (const next of info?.dynamicallyImportedIds ?? []) if (inSrc(next) && !targets.has(next)) stack.push(next);
        }
      };
      const entries = [...this.getModuleIds()].filter((id) => inSrc(id) && this.getModuleInfo(id)?.isEntry);
      closure(entries, reachable, true);
      closure(options.firstLoad.map((file) => resolve(file)), shared, false);
      for (const id of shared) if (!reachable.has(id)) this.error(`lazy bundles: first-load module ${nameOf(id)} is not in any entry`);
      // Small modules without state are copied instead: each shared one that a different set
      // of lazy bundles imports becomes a chunk of its own in an app, loaded up front.
      if (options.copyBelow) for (const id of shared) if (isCopyable(id, options.copyBelow)) shared.delete(id);
      for (const file of options.share ?? []) {
        const id = resolve(file);
        if (!reachable.has(id)) this.error(`lazy bundles: shared module ${nameOf(id)} is not in any entry`);
        shared.add(id);
      }
      for (const id of targets.keys()) {
        if (shared.has(id)) this.error(`lazy bundles: ${nameOf(id)} is loaded with import() but the first load imports it too`);
      }
    },
    generateBundle(_output, bundle) {
      // A class the package exports (what the entries' files export, `export *` included): an
      // app may compare with it (`instanceof`), so there is one.
      const publicNames = new Set(
        Object.values(bundle).flatMap((item) => (item.type === 'chunk' && item.isEntry && item.facadeModuleId !== KEEP_ID ? item.exports : [])),
      );
      for (const id of reachable) if (classesOf(id).some((name) => publicNames.has(name))) shared.add(id);
      // What only the re-exporting entry needed: in dist/lazy/ instead.
      for (const [fileName, item] of Object.entries(bundle)) {
        const module = item.type === 'chunk' ? item.facadeModuleId : undefined;
        if (item.type === 'chunk' && (module === KEEP_ID || (module != null && inSrc(module) && !reachable.has(module)))) {
          delete bundle[fileName];
          delete bundle[`${fileName}.map`];
        }
      }
    },
    async closeBundle(error?: Error) {
      if (error || targets.size === 0) return;
      const root = outDir();
      const inline = options.inline ?? {};
      /** The file each inlined specifier resolved to → its specifier. */
      const inlined = new Map<string, string>();
      const rewritten = new Set<string>();
      await build({
        configFile: false,
        root: config.root,
        ...(config.logLevel === undefined ? {} : { logLevel: config.logLevel }),
        mode: config.mode,
        oxc: { jsx: { runtime: 'automatic', development: false } },
        plugins: [
          {
            name: 'toolchat-lazy-bundles:shared',
            enforce: 'pre',
            async resolveId(source, importer, extra) {
              if (importer === undefined || extra.isEntry) return null;
              const resolved = await this.resolve(source, importer, { skipSelf: true, ...extra });
              if (Object.hasOwn(inline, source)) {
                if (resolved) inlined.set(resolved.id, source);
                return resolved;
              }
              if (!resolved || resolved.external || !inSrc(resolved.id) || !shared.has(resolved.id)) return null;
              // Every lazy file is in dist/lazy/ (entries and shared chunks alike).
              return { id: `../${nameOf(resolved.id)}.js`, external: true };
            },
            transform(code, id) {
              const specifier = inlined.get(id);
              if (specifier === undefined) return null;
              const next = inline[specifier]!(code);
              if (next !== code) rewritten.add(specifier);
              return { code: next, map: null };
            },
          },
        ],
        build: {
          outDir: resolve(root, 'lazy'),
          emptyOutDir: false,
          sourcemap: config.build.sourcemap,
          minify: false,
          copyPublicDir: false,
          lib: { entry: Object.fromEntries([...targets].map(([id, name]) => [name, id])), formats: ['es'] },
          rolldownOptions: {
            external: (id) => !Object.hasOwn(inline, id) && options.external(id),
            output: { entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
          },
        },
      });
      for (const name of Object.keys(inline)) {
        if (!rewritten.has(name)) throw new Error(`lazy bundles: ${name} was inlined but its rewrite changed nothing (a new version?)`);
      }
    },
  };
}
