import { fileURLToPath } from 'node:url';

const STYLE = `
:root { color-scheme: light dark; font: 14px system-ui, sans-serif; }
body { margin: 0; padding: 12px; }
.palette { display: flex; gap: 8px; margin: 8px 0; }
.palette button, #tell { font: inherit; padding: 6px 12px; border-radius: 6px; border: 1px solid #8885; cursor: pointer; }
[data-color=red] { background: #dc2626; color: #fff; }
[data-color=green] { background: #16a34a; color: #fff; }
[data-color=blue] { background: #2563eb; color: #fff; }
#preview { display: block; margin: 8px 0; border-radius: 4px; }
`;

let html: Promise<string> | undefined;

/**
 * The colour picker as one HTML document (its script inline: an MCP App's frame loads nothing
 * from the network unless its resource declares it), bundled once.
 */
export function colorPickerHtml(): Promise<string> {
  // esbuild is loaded when the app is first read: not where the server module is only imported (a jsdom test).
  html ??= import('esbuild').then(({ build }) => build({
    entryPoints: [fileURLToPath(new URL('./color-picker.ts', import.meta.url))],
    bundle: true,
    write: false,
    format: 'esm',
    target: 'es2022',
    platform: 'browser',
    minify: true,
    logLevel: 'error',
  })).then((result) => {
    // `</script` inside the bundle would end the inline script early.
    const script = (result.outputFiles[0]?.text ?? '').replace(/<\/script/gi, '<\\/script');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Colour picker</title><style>${STYLE}</style></head><body>
<p id="status">Pick a colour:</p>
<div class="palette"><button type="button" data-color="red">Red</button><button type="button" data-color="green">Green</button><button type="button" data-color="blue">Blue</button></div>
<img id="preview" alt="The square the server drew" width="48" height="48" hidden>
<button type="button" id="tell" disabled>Tell the assistant</button>
<script type="module">${script}</script></body></html>`;
  });
  return html;
}
