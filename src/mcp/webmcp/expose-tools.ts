import type { ToolSet } from '../../core/tools/define-tool';
import { errorMessage, toolErrorMessages } from '../../core/tools/errors';
import { executeToolCall } from '../../core/tools/execute-tool-calls-now';
import { findTool } from '../../core/tools/find-tool';
import { inputJsonSchema } from '../../core/tools/input-json-schema';
import { validateToolInput } from '../../core/tools/input-schema';
import { FORBIDDEN_KEY_MESSAGE, hasForbiddenKey } from '../../core/tools/safe-json';
import { serializeToolOutput } from '../../core/tools/serialize-output';
import { approvalPrompt } from './approval-prompt';
import { exposedToolNames, resolveModelContext, type ModelContextLike } from './model-context';

/** What an `approve` function is asked about: a call an agent wants to make. */
export interface WebMCPApprovalRequest {
  toolName: string;
  /** The input, already validated against the tool's schema. */
  input: unknown;
}

/** Options of {@link exposeToolsToWebMCP}. */
export interface ExposeToolsToWebMCPOptions {
  /**
   * The model context to register on.
   * @default document.modelContext (or navigator.modelContext in older implementations)
   */
  modelContext?: ModelContextLike;
  /** Aborting it unregisters every tool. */
  signal?: AbortSignal;
  /**
   * Asks the user about a call to a tool with `needsApproval`; the call runs only on `true`.
   * @default window.confirm(…) with the tool's name and its input as JSON, cut to 200 characters
   * and isolated from bidirectional text; where there is no `confirm`, such calls are refused
   */
  approve?: (request: WebMCPApprovalRequest) => boolean | PromiseLike<boolean>;
  /**
   * Time limit of each call unless the tool sets its own `timeoutMs`.
   * @default 30000
   */
  timeoutMs?: number;
}

/** What {@link exposeToolsToWebMCP} resolves with. */
export interface WebMCPExposure {
  /** The names registered. */
  names: string[];
  /** Unregisters them (as aborting `signal` does). */
  unregister(): void;
}

function defaultApprove({ toolName, input }: WebMCPApprovalRequest): boolean {
  if (typeof globalThis.confirm !== 'function') return false;
  return globalThis.confirm(approvalPrompt(toolName, input));
}

/**
 * The signal of one agent's call: WebMCP passes `execute` a client whose `signal` aborts when the
 * agent cancels (where the implementation has it; `@mcp-b/webmcp-polyfill` 5.1 passes none),
 * joined with the exposure's own and the page's.
 */
function callSignal(client: unknown, ...own: AbortSignal[]): AbortSignal {
  const agent = typeof client === 'object' && client !== null ? (client as { signal?: unknown }).signal : undefined;
  return AbortSignal.any(agent instanceof AbortSignal ? [agent, ...own] : own);
}

async function approvalNeeded(needsApproval: unknown, input: unknown): Promise<boolean> {
  if (typeof needsApproval !== 'function') return needsApproval === true;
  try {
    return (await (needsApproval as (input: unknown) => boolean | PromiseLike<boolean>)(input)) !== false;
  } catch {
    return true;
  }
}

/**
 * Registers toolchat tools on WebMCP (`document.modelContext.registerTool`), so browser agents
 * and extensions can call them: each with its JSON Schema (from zod, `jsonSchema()` or a
 * Standard Schema), and each call with the chat's rules — input with a key that could reach a
 * prototype refused, input validated, `needsApproval` asked through `approve`, the time limit,
 * the agent's cancellation (the client's `signal`) aborting the tool's `signal`, and a failure
 * that the agent reads as an error.
 * Aborting `signal` (or `unregister()`) removes them. Rejects, registering none, when WebMCP is
 * absent or a name is taken.
 *
 * @example
 * const controller = new AbortController();
 * await exposeToolsToWebMCP({ getWeather }, { signal: controller.signal });
 * // later: controller.abort();
 */
export async function exposeToolsToWebMCP(tools: ToolSet, options: ExposeToolsToWebMCPOptions = {}): Promise<WebMCPExposure> {
  const context = resolveModelContext(options.modelContext);
  const registration = new AbortController();
  const names = Object.keys(tools).filter((name) => typeof findTool(tools, name)?.execute === 'function');
  const exposed = exposedToolNames(context);
  // Only the names this call added: a clash with an earlier exposure must not forget that one.
  const added: string[] = [];
  // The page going away (a navigation, the tab closed) aborts the calls running then: no agent
  // will read their results. A fresh controller after, for a page restored from the back/forward cache.
  let page = new AbortController();
  const onPageHide = () => {
    page.abort(new DOMException('The page was hidden', 'AbortError'));
    page = new AbortController();
  };
  const unregister = () => {
    if (registration.signal.aborted) return;
    registration.abort();
    globalThis.removeEventListener?.('pagehide', onPageHide);
    for (const name of added) exposed.delete(name);
  };
  if (options.signal?.aborted) return { names: [], unregister };
  options.signal?.addEventListener('abort', unregister, { once: true });
  globalThis.addEventListener?.('pagehide', onPageHide);
  const approve = options.approve ?? defaultApprove;

  const run = async (name: string, input: Record<string, unknown>, signal: AbortSignal) => {
    const tool = findTool(tools, name);
    if (!tool) throw new Error(toolErrorMessages.unknownTool(name));
    // As the chat loop does: input that could reach a prototype never meets a schema or a tool.
    if (hasForbiddenKey(input)) throw new Error(toolErrorMessages.invalidInput(name, `${FORBIDDEN_KEY_MESSAGE}.`));
    const valid = await validateToolInput(tool, input);
    if (!valid.success) throw new Error(toolErrorMessages.invalidInput(name, valid.message));
    if (await approvalNeeded(tool.needsApproval, valid.value)) {
      let allowed = false;
      try {
        allowed = (await approve({ toolName: name, input: valid.value })) === true;
      } catch {
        allowed = false;
      }
      if (!allowed) throw new Error(toolErrorMessages.denied(name));
    }
    if (signal.aborted) throw new Error(toolErrorMessages.cancelled(name));
    const result = await executeToolCall({ toolCallId: `webmcp-${crypto.randomUUID()}`, toolName: name, input }, tools, {
      signal,
      ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    });
    if (!result.ok) throw new Error(result.error);
    return serializeToolOutput(result.output);
  };

  try {
    for (const name of names) {
      const tool = findTool(tools, name)!;
      const description = typeof tool.description === 'string' && tool.description !== '' ? tool.description : `The tool "${name}"`;
      if (!exposed.has(name)) {
        exposed.add(name);
        added.push(name);
      }
      await context.registerTool(
        {
          name,
          description,
          inputSchema: inputJsonSchema(tool.inputSchema).jsonSchema,
          execute: (input, client?: unknown) => run(name, input, callSignal(client, registration.signal, page.signal)),
        },
        { signal: registration.signal },
      );
    }
  } catch (error) {
    unregister();
    // Aborted while registering (a component unmounted): nothing is left, and nothing is wrong.
    if (options.signal?.aborted) return { names: [], unregister };
    throw new Error(`Could not expose the tools to WebMCP: ${errorMessage(error)}`, { cause: error });
  }
  return { names, unregister };
}
