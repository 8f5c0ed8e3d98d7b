import { build } from 'esbuild';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';

/** The repository: where vitest and `npm run bench` run (a bench is bundled elsewhere, so not `import.meta.url`). */
function repositoryRoot(): string {
  const root = `${process.cwd()}/`;
  if (!existsSync(`${root}src/index.ts`)) throw new Error(`servePage: run from the repository root (no src/index.ts in ${root})`);
  return root;
}

export interface PageServer {
  /** The page's address on 127.0.0.1; add a query string for its options. */
  url: string;
  close: () => Promise<void>;
}

export interface ServePageOptions {
  /** React's production build, as users ship it (what a bench must time). */
  production?: boolean;
  /**
   * The page's HTML for the query string it was asked with (`styles`: toolchat's stylesheet; the
   * script is `/page.js`). By default, toolchat's stylesheet and a full-height layout.
   */
  html?: (query: URLSearchParams, styles: string) => string;
}

/**
 * Serves one page on a free port of 127.0.0.1: `entry` (a .tsx file, from the repository root, with `toolchat` aliased
 * to the source) bundled by esbuild, and its HTML (toolchat's stylesheet and a full-height layout,
 * unless `html` writes it).
 */
export async function servePage(entry: string, { production = false, html: writeHtml }: ServePageOptions = {}): Promise<PageServer> {
  const root = repositoryRoot();
  const result = await build({
    entryPoints: [resolve(root, entry)],
    bundle: true,
    write: false,
    format: 'esm',
    target: 'es2022',
    platform: 'browser',
    jsx: 'automatic',
    minify: production,
    alias: {
      toolchat: `${root}src/index.ts`,
      'toolchat/core': `${root}src/core/index.ts`,
      'toolchat/mcp': `${root}src/mcp/index.ts`,
      'toolchat/locales': `${root}src/locales/index.ts`,
    },
    define: { 'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development') },
    logLevel: 'error',
  });
  const script = result.outputFiles[0]?.text ?? '';
  const styles = readFileSync(`${root}src/react/styles.css`, 'utf8');
  const html = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>toolchat: a long thread</title>
    <style>${styles}</style>
    <style>
      html, body, #root { height: 100%; margin: 0; }
      body { font-family: system-ui, sans-serif; }
      #root { max-width: 52rem; margin: 0 auto; display: flex; flex-direction: column; }
      #root > .toolchat { flex: 1; min-height: 0; }
      .plain-thread { flex: 1; min-height: 0; overflow-y: auto; padding: 12px; }
    </style>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/page.js"></script>
  </body>
</html>`;
  const server = createServer((request, response) => {
    const { pathname: path, searchParams } = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (path === '/page.js') {
      response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(script);
    } else if (path === '/') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(writeHtml ? writeHtml(searchParams, styles) : html);
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
