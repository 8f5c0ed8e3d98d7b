/**
 * The parts of WebMCP (the W3C community draft: `document.modelContext`) that toolchat uses,
 * typed structurally so that the native API, `@mcp-b/webmcp-polyfill` and test doubles all fit.
 * `getTools()` and `executeTool()` are Chromium's extensions to the draft, feature-detected.
 */

/** Hints a page gives about a tool. */
export interface WebMCPToolAnnotations {
  readOnlyHint?: boolean;
  untrustedContentHint?: boolean;
}

/** A tool as `registerTool()` takes it. */
export interface WebMCPToolDescriptor {
  name: string;
  title?: string;
  description: string;
  inputSchema?: object;
  annotations?: WebMCPToolAnnotations;
  /** `client` is WebMCP's `ModelContextClient` where the implementation passes one; its `signal` aborts when the agent cancels. */
  execute: (input: Record<string, unknown>, client?: { signal?: AbortSignal }) => unknown;
}

/** A tool as `getTools()` lists it. Chromium before 154 gives `inputSchema` as JSON text. */
export interface WebMCPRegisteredTool {
  name: string;
  title?: string;
  description: string;
  inputSchema?: object | string;
  annotations?: WebMCPToolAnnotations;
  origin?: string;
}

/** `document.modelContext`, as much of it as toolchat needs. */
export interface ModelContextLike {
  registerTool(tool: WebMCPToolDescriptor, options?: { signal?: AbortSignal }): Promise<void> | void;
  getTools?(): Promise<WebMCPRegisteredTool[]>;
  executeTool?(tool: WebMCPRegisteredTool, inputArguments: string, options?: { signal?: AbortSignal }): Promise<string | null>;
  addEventListener?(type: 'toolchange', listener: () => void): void;
  removeEventListener?(type: 'toolchange', listener: () => void): void;
}

/** WebMCP is not there, or lacks what is asked of it: the message says what and where to get it. */
export class WebMCPUnavailableError extends Error {
  override readonly name = 'WebMCPUnavailableError';
}

const isModelContext = (value: unknown): value is ModelContextLike =>
  typeof value === 'object' && value !== null && typeof (value as ModelContextLike).registerTool === 'function';

/**
 * The page's model context: the one given, else `document.modelContext` (the draft's home for
 * it), else the older `navigator.modelContext`; a {@link WebMCPUnavailableError} when none is there.
 */
export function resolveModelContext(given: ModelContextLike | undefined): ModelContextLike {
  if (given !== undefined) {
    if (isModelContext(given)) return given;
    throw new WebMCPUnavailableError('The modelContext given has no registerTool(): it is not a WebMCP model context.');
  }
  const fromDocument = typeof document === 'undefined' ? undefined : (document as { modelContext?: unknown }).modelContext;
  if (isModelContext(fromDocument)) return fromDocument;
  // Only asked when the document has none: the polyfill warns on every read of the old place.
  const fromNavigator = typeof navigator === 'undefined' ? undefined : (navigator as { modelContext?: unknown }).modelContext;
  if (isModelContext(fromNavigator)) return fromNavigator;
  throw new WebMCPUnavailableError(
    'WebMCP is not available here: document.modelContext is missing. It needs a secure context (https or localhost) and a browser that ' +
      'implements WebMCP, or a polyfill such as @mcp-b/webmcp-polyfill (call initializeWebMCPPolyfill() first).',
  );
}

// What exposeToolsToWebMCP registered, per context: webMCPTools leaves it out, so that a chat
// that both exposes its tools and reads the page's does not meet its own tools twice.
const exposedNames = new WeakMap<object, Set<string>>();

export function exposedToolNames(context: ModelContextLike): Set<string> {
  let names = exposedNames.get(context);
  if (!names) {
    names = new Set();
    exposedNames.set(context, names);
  }
  return names;
}
