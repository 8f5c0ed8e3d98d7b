// Emits the declarations (tsconfig.build.json) with every relative module specifier written the
// way Node's ESM resolution wants it: `./core/index` becomes `./core/index.js`. The sources keep
// their extensionless imports (moduleResolution `bundler`), and the published types resolve under
// `bundler`, `node16` and `nodenext` alike. tsc-alias cannot do this for declaration-only output
// (it looks for the emitted `.js` files), so this is the compiler's own transformer hook.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const configFile = 'tsconfig.build.json';
const config = ts.getParsedCommandLineOfConfigFile(configFile, {}, {
  ...ts.sys,
  onUnRecoverableConfigFileDiagnostic: (diagnostic) => fail([diagnostic]),
});
if (!config) throw new Error(`cannot read ${configFile}`);
if (config.errors.length > 0) fail(config.errors);

const program = ts.createProgram({ rootNames: config.fileNames, options: config.options });

/** `./x` → `./x.js`, `../core/index` → `../core/index.js`, from the file TypeScript resolves it to. */
function runtimeSpecifier(specifier, containingFile) {
  if (!specifier.startsWith('.')) return specifier;
  const resolved = ts.resolveModuleName(specifier, containingFile, config.options, ts.sys).resolvedModule;
  if (!resolved) throw new Error(`${containingFile}: cannot resolve "${specifier}"`);
  const target = resolved.resolvedFileName.replace(/\.d\.ts$|\.tsx?$/, '.js');
  const relative = path.relative(path.dirname(containingFile), target).split(path.sep).join('/');
  return relative.startsWith('.') ? relative : `./${relative}`;
}

/** Rewrites the specifiers of imports, re-exports and `import("…")` types in one declaration file. */
function addExtensions(context) {
  const { factory } = context;
  return (sourceFile) => {
    const file = sourceFile.fileName;
    const literal = (node) => factory.createStringLiteral(runtimeSpecifier(node.text, file));
    const visit = (node) => {
      if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
        return factory.updateImportDeclaration(node, node.modifiers, node.importClause, literal(node.moduleSpecifier), node.attributes);
      }
      if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
        return factory.updateExportDeclaration(node, node.modifiers, node.isTypeOnly, node.exportClause, literal(node.moduleSpecifier), node.attributes);
      }
      if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
        const argument = factory.updateLiteralTypeNode(node.argument, literal(node.argument.literal));
        return factory.updateImportTypeNode(
          node,
          argument,
          node.attributes,
          node.qualifier,
          ts.visitNodes(node.typeArguments, visit, ts.isTypeNode),
          node.isTypeOf,
        );
      }
      return ts.visitEachChild(node, visit, context);
    };
    return ts.visitEachChild(sourceFile, visit, context);
  };
}

const result = program.emit(undefined, undefined, undefined, true, { afterDeclarations: [addExtensions] });
const diagnostics = [...ts.getPreEmitDiagnostics(program), ...result.diagnostics];
if (diagnostics.length > 0) fail(diagnostics);

// `import 'toolchat/styles.css'` has types too: TypeScript 7 checks side-effect imports by default
// (`noUncheckedSideEffectImports`), and an app may not declare `*.css` modules.
writeFileSync(path.join(config.options.outDir, 'styles.d.css.ts'), 'export {};\n');

function fail(diagnostics) {
  const host = { getCanonicalFileName: (name) => name, getCurrentDirectory: ts.sys.getCurrentDirectory, getNewLine: () => '\n' };
  console.error(ts.formatDiagnosticsWithColorAndContext(diagnostics, host));
  process.exit(1);
}
