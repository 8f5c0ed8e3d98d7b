import type { McpUiResourceMeta } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import { MCP_APP_MIME_TYPE } from './ui-meta';

/** What an MCP App's resource declares it loads from the network (`_meta.ui.csp`), as MCP Apps spells it. */
export interface McpAppCspDeclaration {
  /** Origins it may connect to (fetch, WebSocket). */
  connectDomains?: readonly string[];
  /** Origins of its scripts, styles, images, fonts and media. */
  resourceDomains?: readonly string[];
  /** Origins of frames inside it. */
  frameDomains?: readonly string[];
  /** Origins its `<base>` may point at. */
  baseUriDomains?: readonly string[];
}

/** An MCP App's HTML, as the server sent it, and what it declares about itself. */
export interface AppResource {
  html: string;
  meta: McpUiResourceMeta;
}

/** A UI resource the chat will not show: the message says why. */
export class McpAppResourceError extends Error {
  override readonly name = 'McpAppResourceError';
}

const size = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MiB` : `${Math.ceil(bytes / 1024)} KiB`);

/** `text/html;profile=mcp-app`, spaces and case aside. */
function isAppMimeType(mimeType: unknown): boolean {
  return typeof mimeType === 'string' && mimeType.replace(/\s+/g, '').toLowerCase() === MCP_APP_MIME_TYPE;
}

/**
 * The HTML of an MCP App from a `resources/read` result, checked: the content for `uri` (or the
 * only one), of MIME type `text/html;profile=mcp-app`, as text or base64, at most `maxBytes`.
 * Anything else throws an {@link McpAppResourceError} that says what was wrong.
 */
export function readAppResource(result: ReadResourceResult, uri: string, maxBytes: number, server: string): AppResource {
  const contents = Array.isArray(result.contents) ? result.contents : [];
  const content = contents.find((item) => item.uri === uri) ?? (contents.length === 1 ? contents[0] : undefined);
  if (!content) throw new McpAppResourceError(`${server} sent no content for ${uri}`);
  if (!isAppMimeType(content.mimeType)) {
    throw new McpAppResourceError(`${server} sent ${uri} as ${typeof content.mimeType === 'string' ? `"${content.mimeType.slice(0, 80)}"` : 'no MIME type'}, not ${MCP_APP_MIME_TYPE}: it is not shown`);
  }
  let html: string;
  if ('text' in content && typeof content.text === 'string') {
    // UTF-16 length is a floor of the UTF-8 size: enough to refuse before encoding a huge text.
    if (content.text.length > maxBytes) throw new McpAppResourceError(`${uri} from ${server} is ${size(content.text.length)}, over the ${size(maxBytes)} limit: it is not shown`);
    html = content.text;
  } else if ('blob' in content && typeof content.blob === 'string') {
    const bytes = Math.floor((content.blob.length * 3) / 4);
    if (bytes > maxBytes) throw new McpAppResourceError(`${uri} from ${server} is ${size(bytes)}, over the ${size(maxBytes)} limit: it is not shown`);
    try {
      html = new TextDecoder().decode(Uint8Array.from(atob(content.blob), (char) => char.charCodeAt(0)));
    } catch {
      throw new McpAppResourceError(`${uri} from ${server} is not valid base64`);
    }
  } else {
    throw new McpAppResourceError(`${server} sent ${uri} with neither text nor blob`);
  }
  const bytes = new TextEncoder().encode(html).length;
  if (bytes > maxBytes) throw new McpAppResourceError(`${uri} from ${server} is ${size(bytes)}, over the ${size(maxBytes)} limit: it is not shown`);
  const ui = (content._meta as { ui?: unknown } | undefined)?.ui;
  return { html, meta: typeof ui === 'object' && ui !== null ? (ui as McpUiResourceMeta) : {} };
}

const SCHEMES = new Set(['https:', 'wss:']);

/**
 * The origins of a CSP list from the server, canonical: absolute https/wss URLs reduced to their
 * origin (a `*.` subdomain wildcard kept), and http/ws only for loopback development servers.
 * Anything else (a bare `*`, a scheme alone, a quote or `;` that would add a directive) is dropped.
 */
export function cspSources(list: unknown): string[] {
  if (!Array.isArray(list)) return [];
  const sources: string[] = [];
  for (const item of list) {
    if (typeof item !== 'string' || item.length > 300) continue;
    const wildcard = /^(https|wss):\/\/\*\./.exec(item);
    let url: URL;
    try {
      url = new URL(wildcard ? item.replace('*.', 'wildcard.') : item);
    } catch {
      continue;
    }
    const loopback = url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname === '[::1]';
    if (!SCHEMES.has(url.protocol) && !(loopback && (url.protocol === 'http:' || url.protocol === 'ws:'))) continue;
    if (url.host === '' || url.username !== '' || url.password !== '') continue;
    const origin = wildcard ? url.origin.replace('://wildcard.', '://*.') : url.origin;
    if (/["'`\s;,]/.test(origin) || sources.includes(origin)) continue;
    sources.push(origin);
  }
  return sources;
}

/**
 * The Content-Security-Policy toolchat gives an MCP App, from what its resource declares
 * (`_meta.ui.csp`): nothing from the network unless declared; inline script and style (apps ship
 * as one file); no plugins, no form posts, no frames unless declared, no `<base>` elsewhere.
 * Declared origins are kept only as https/wss origins (http/ws on loopback), so nothing a
 * server writes can add a directive or allow every origin. For a host that runs its own sandbox.
 *
 * @example
 * mcpAppCsp({ connectDomains: ['https://api.example.com'] });
 * // "default-src 'none'; …; connect-src https://api.example.com; …"
 */
export function appCsp(csp: McpAppCspDeclaration | undefined): string {
  const resources = cspSources(csp?.resourceDomains).join(' ');
  const connect = cspSources(csp?.connectDomains);
  const frames = cspSources(csp?.frameDomains);
  const bases = cspSources(csp?.baseUriDomains);
  return [
    "default-src 'none'",
    `script-src 'unsafe-inline' ${resources}`,
    `style-src 'unsafe-inline' ${resources}`,
    `img-src data: blob: ${resources}`,
    `font-src data: ${resources}`,
    `media-src data: blob: ${resources}`,
    `connect-src ${connect.length > 0 ? connect.join(' ') : "'none'"}`,
    `frame-src ${frames.length > 0 ? frames.join(' ') : "'none'"}`,
    `base-uri ${bases.length > 0 ? bases.join(' ') : "'none'"}`,
    "form-action 'none'",
    "object-src 'none'",
  ]
    .map((directive) => directive.trim())
    .join('; ');
}

/**
 * The app's document with its policy first in `<head>`, before anything of the app's can run or
 * load: parsed (never run) and written out again, so no markup of the app's comes before it.
 */
export function withCsp(html: string, policy: string): string {
  const document = new DOMParser().parseFromString(html, 'text/html');
  const meta = document.createElement('meta');
  meta.httpEquiv = 'Content-Security-Policy';
  meta.content = policy;
  document.head.prepend(meta);
  return `<!doctype html>\n${document.documentElement.outerHTML}`;
}
