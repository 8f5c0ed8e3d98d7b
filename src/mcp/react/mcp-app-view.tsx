import { AppBridge, PostMessageTransport, type McpUiHostContext } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { useEffect, useRef, useState } from 'react';
import type { ToolChat } from '../../core/chat/create-tool-chat';
import { errorMessage } from '../../core/tools/errors';
import { humanizeToolName } from '../../core/tools/humanize-tool-name';
import { safeLinkUrl } from '../../react/components/safe-url';
import type { ToolCallView } from '../../react/types';
import { usePartChat } from '../../react/use-tool-chat';
import { createMessageLimit, MAX_OPEN_APP_CALLS } from '../apps/app-messages';
import { appCsp, cspSources, readAppResource, withCsp, type AppResource } from '../apps/app-resource';
import type { McpToolCardSource } from '../apps/tool-card-source';
import { isMcpToolOutput, mcpText } from '../mcp-output';
import { AppCallApprovals } from './app-call-approvals';
import { ElicitationForms, useElicitations } from './mcp-tool-card-view';
import { useChatTheme } from './use-chat-theme';

export interface McpAppViewProps {
  /** The call whose tool names the app (`_meta.ui.resourceUri`). */
  call: ToolCallView;
  source: McpToolCardSource;
}

const HOST_INFO = { name: 'toolchat', version: '0.1.0' };
/** The frame's height before the app says its own, and the most it may take in a card. */
const INITIAL_HEIGHT = 120;
const MAX_HEIGHT = 720;
/**
 * No same origin (the app's origin is opaque: no cookie, storage or DOM of the page), no top
 * navigation, no popups, no modal dialogs: scripts and forms only. Links go through `ui/open-link`.
 */
const SANDBOX = 'allow-scripts allow-forms';

const errorResult = (text: string): CallToolResult => ({ content: [{ type: 'text', text }], isError: true });

/** A call's output as the `CallToolResult` an app expects: the MCP content it came with, or its JSON as text. */
function toCallToolResult(output: unknown): CallToolResult {
  if (isMcpToolOutput(output)) return { content: output.content, ...(output.structuredContent ? { structuredContent: output.structuredContent } : {}) };
  return { content: [{ type: 'text', text: typeof output === 'string' ? output : JSON.stringify(output) ?? '' }] };
}

/**
 * An MCP App in its tool's card: the server's `ui://` resource in a sandboxed frame with the
 * policy it declares, driven by the ext-apps SDK's `AppBridge`. The host gives the app the
 * call's input and result, follows its size and the chat's theme, runs its own tool calls
 * through the chat's loop (approval, limits, one result), posts its messages to the chat (a few
 * at a time) and asks the user before it opens a link.
 */
export function McpAppView({ call, source }: McpAppViewProps) {
  const [resource, setResource] = useState<AppResource | Error | undefined>(undefined);
  const uri = source.resourceUri!;
  useEffect(() => {
    const controller = new AbortController();
    source.readResource(uri, controller.signal).then(
      (result) => {
        if (controller.signal.aborted) return;
        try {
          setResource(readAppResource(result, uri, source.maxResourceBytes, source.serverLabel));
        } catch (error) {
          setResource(error as Error);
        }
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setResource(new Error(`${source.serverLabel} did not send the app ${uri}: ${errorMessage(error)}`));
      },
    );
    return () => controller.abort();
  }, [source, uri]);

  if (resource instanceof Error) {
    return (
      <p className="toolchat-mcp-app-error" role="alert">
        {resource.message}
      </p>
    );
  }
  if (!resource) return <p className="toolchat-mcp-app-loading">Loading the app…</p>;
  return <AppFrame call={call} source={source} resource={resource} />;
}
McpAppView.displayName = 'McpAppView';

interface LinkRequest {
  url: string;
  answer: (open: boolean) => void;
}

function AppFrame({ call, source, resource }: McpAppViewProps & { resource: AppResource }) {
  // The chat in context runs the app's calls and takes its messages; a read-only one (a
  // transcript) or none does neither.
  const inContext = usePartChat();
  const chat = inContext.readOnly ? undefined : inContext;
  const frameRef = useRef<HTMLIFrameElement | null>(null);
  const bridgeRef = useRef<AppBridge | undefined>(undefined);
  const [height, setHeight] = useState(INITIAL_HEIGHT);
  const [link, setLink] = useState<LinkRequest | undefined>(undefined);
  const [notices, setNotices] = useState<readonly string[]>([]);
  const theme = useChatTheme(frameRef);
  const origin = `mcp-app:${call.toolCallId}`;
  const latest = useRef({ call, chat, theme });
  latest.current = { call, chat, theme };
  // What the app was last given, so each input and result goes once.
  const delivered = useRef<{ input?: unknown; result?: unknown; initialized: boolean }>({ initialized: false });
  const appQuestions = useElicitations(source, (id) => id.startsWith(`${origin}:`));

  const hostContext = (): McpUiHostContext => ({
    theme: latest.current.theme,
    displayMode: 'inline',
    availableDisplayModes: ['inline'],
    platform: 'web',
    toolInfo: { id: latest.current.call.toolCallId, tool: source.listing },
    containerDimensions: { maxHeight: MAX_HEIGHT },
    ...(typeof navigator === 'undefined' ? {} : { locale: navigator.language }),
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  });

  const deliver = () => {
    const bridge = bridgeRef.current;
    const state = delivered.current;
    if (!bridge || !state.initialized) return;
    const { call: now } = latest.current;
    const send = (promise: Promise<void>) => void promise.catch(() => {});
    if (now.phase === 'streaming-input') {
      send(bridge.sendToolInputPartial({ arguments: (now.input ?? {}) as Record<string, unknown> }));
      return;
    }
    if (state.input !== now.input) {
      state.input = now.input;
      send(bridge.sendToolInput({ arguments: (now.input ?? {}) as Record<string, unknown> }));
    }
    const result = now.phase === 'done' ? now.output : now.phase === 'error' || now.phase === 'cancelled' ? now.error : undefined;
    if (result === undefined || state.result === result) return;
    state.result = result;
    if (now.phase === 'done') send(bridge.sendToolResult(toCallToolResult(now.output)));
    else if (now.phase === 'cancelled') send(bridge.sendToolCancelled({ reason: now.error ?? 'cancelled' }));
    else send(bridge.sendToolResult(errorResult(now.error ?? 'The tool failed')));
  };

  useEffect(() => {
    const frame = frameRef.current;
    const target = frame?.contentWindow;
    if (!frame || !target) return;
    const controller = new AbortController();
    const notice = (text: string) => setNotices((list) => [...list.slice(-4), text]);
    const messages = createMessageLimit();
    let openCalls = 0;
    let pendingLink: LinkRequest | undefined;
    const declared = resource.meta.csp;
    const bridge = new AppBridge(
      null,
      HOST_INFO,
      {
        openLinks: {},
        serverTools: {},
        serverResources: {},
        logging: {},
        message: { text: {} },
        sandbox: {
          csp: {
            connectDomains: cspSources(declared?.connectDomains),
            resourceDomains: cspSources(declared?.resourceDomains),
            frameDomains: cspSources(declared?.frameDomains),
            baseUriDomains: cspSources(declared?.baseUriDomains),
          },
        },
      },
      { hostContext: hostContext() },
    );
    bridgeRef.current = bridge;
    delivered.current = { initialized: false };
    bridge.oninitialized = () => {
      delivered.current.initialized = true;
      // What changed while it started (the theme, resolved after the bridge was made).
      bridge.setHostContext(hostContext());
      deliver();
    };
    bridge.onsizechange = ({ height: next }) => {
      if (typeof next === 'number' && Number.isFinite(next)) setHeight(Math.min(MAX_HEIGHT, Math.max(0, Math.ceil(next))));
    };
    bridge.onrequestdisplaymode = async () => ({ mode: 'inline' });
    bridge.onloggingmessage = () => {};
    bridge.onreadresource = ({ uri }) => source.readResource(uri, controller.signal);
    bridge.oncalltool = async ({ name, arguments: input }) => {
      const refuse = (why: string) => {
        const text = `The app’s call of "${name.slice(0, 64)}" was refused: ${why}.`;
        notice(text);
        return errorResult(text);
      };
      const { chat: running } = latest.current;
      if (!running) return refuse('there is no chat to run it in');
      const found = source.appTool(name);
      if ('refused' in found) return refuse(found.refused);
      if (openCalls >= MAX_OPEN_APP_CALLS) return refuse(`it already has ${MAX_OPEN_APP_CALLS} calls running`);
      openCalls++;
      try {
        const result = await running.runToolCall({ toolName: found.localName, input: input ?? {}, tool: found.tool, origin, signal: controller.signal });
        return result.ok ? toCallToolResult(result.output) : errorResult(result.error);
      } finally {
        openCalls--;
      }
    };
    bridge.onmessage = async ({ content }) => {
      const { chat: running } = latest.current;
      const text = mcpText(content);
      const refused = running ? messages.take(text) : 'there is no chat to post it to';
      if (refused !== undefined) {
        notice(`A message from the app was refused: ${refused}.`);
        return { isError: true };
      }
      messages.track((running as ToolChat).sendMessage(text));
      return {};
    };
    bridge.onopenlink = ({ url }) =>
      new Promise((resolve) => {
        const safe = safeLinkUrl(url);
        if (!/^(https?|mailto):/i.test(safe)) {
          notice(`The app asked to open a link that is not a web or mail address; it was refused.`);
          resolve({ isError: true });
          return;
        }
        if (pendingLink) {
          resolve({ isError: true });
          return;
        }
        pendingLink = {
          url: safe,
          answer: (open) => {
            pendingLink = undefined;
            setLink(undefined);
            if (open) window.open(safe, '_blank', 'noopener,noreferrer');
            resolve(open ? {} : { isError: true });
          },
        };
        setLink(pendingLink);
      });
    const transport = new PostMessageTransport(target, target);
    bridge.connect(transport).then(
      () => {
        if (controller.signal.aborted) return;
        // The app's document goes in only once the bridge listens: its first message is `ui/initialize`.
        frame.srcdoc = withCsp(resource.html, appCsp(declared));
      },
      (error: unknown) => notice(`The app could not be connected: ${errorMessage(error)}`),
    );
    return () => {
      controller.abort();
      pendingLink?.answer(false);
      bridgeRef.current = undefined;
      void bridge.close().catch(() => {});
    };
    // The frame is made once per resource; the latest call, chat and theme are read from refs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [resource, source, origin]);

  useEffect(deliver, [call]);
  useEffect(() => {
    const bridge = bridgeRef.current;
    if (bridge && delivered.current.initialized) bridge.setHostContext(hostContext());
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [theme]);

  const border = resource.meta.prefersBorder !== false;
  return (
    <div className="toolchat-mcp-app" data-border={border ? 'true' : 'false'}>
      <iframe
        ref={frameRef}
        className="toolchat-mcp-app-frame"
        title={`${source.listing.title ?? source.listing.annotations?.title ?? humanizeToolName(source.listing.name)} (MCP App)`}
        sandbox={SANDBOX}
        referrerPolicy="no-referrer"
        style={{ height }}
      />
      {chat && <AppCallApprovals chat={chat} origin={origin} />}
      <ElicitationForms elicitations={appQuestions} />
      {link && (
        <div className="toolchat-mcp-app-link" role="group" aria-label="Open a link from the app">
          <span>
            The app wants to open <code className="toolchat-mcp-app-url">{link.url}</code>
          </span>
          <div className="toolchat-tool-actions">
            <button type="button" className="toolchat-button" data-variant="primary" onClick={() => link.answer(true)}>
              Open link
            </button>
            <button type="button" className="toolchat-button" onClick={() => link.answer(false)}>
              Don’t open
            </button>
          </div>
        </div>
      )}
      {notices.map((text, i) => (
        <p key={i} className="toolchat-mcp-app-notice" role="status">
          {text}
        </p>
      ))}
    </div>
  );
}
