import type { StoryContext } from '@storybook/react-vite';
import { isValidElement, type ReactElement } from 'react';
import { demoTools } from 'toolchat';

/**
 * "Show code" on the Docs pages: the code a person would write for the story, built from its
 * args, instead of Storybook's dump of them (zod internals, `[Circular]`, mock functions).
 * Objects the reader would make themselves (a transport, a tool set, a storage) are shown as
 * the call that makes them; callbacks as a one-line arrow function; data as a literal.
 */

/** What a callback prop looks like in usage code. */
const callbacks: Record<string, string> = {
  onToolCall: '(call) => console.log(call)',
  onToolResult: '(toolName, result) => console.log(toolName, result)',
  onStatus: '(status) => console.log(status)',
  onFinish: '(message) => console.log(message)',
  onError: '(error) => console.error(error)',
  onEvent: '(event) => console.log(event)',
  onChatChange: '(chatId) => setChatId(chatId)',
};

/** Props a story sets for its own machinery, never written by a user. */
const hidden = new Set(['key', 'now', 'random']);

const pascal = (name: string) => name.replace(/(^|[^a-zA-Z0-9])([a-zA-Z0-9])/g, (_, __, letter: string) => letter.toUpperCase());
const identifier = /^[A-Za-z_$][\w$]*$/;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

/**
 * Plain data as a literal: strings, numbers, arrays and plain objects, a few levels deep. What is
 * not plain data (a class instance, a schema) or is too deep or too long is elided with a comment,
 * and a value met twice on one path (a cycle) is never followed.
 */
export function literal(value: unknown, indent = '', depth = 0, path: unknown[] = []): string {
  if (value === undefined) return 'undefined';
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return value.includes("'") ? JSON.stringify(value) : `'${JSON.stringify(value).slice(1, -1)}'`;
  if (typeof value === 'function') return '() => {}';
  if (typeof value !== 'object') return 'undefined';
  if (path.includes(value) || depth > 4) return '{ /* … */ }';
  const inline = inlineLiteral(value, depth, path);
  if (inline !== undefined && inline.length + indent.length <= 80) return inline;
  const inner = `${indent}  `;
  const next = [...path, value];
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const shown = value.slice(0, 3).map((item) => `${inner}${literal(item, inner, depth + 1, next)},`);
    if (value.length > 3) shown.push(`${inner}// …${value.length - 3} more`);
    return `[\n${shown.join('\n')}\n${indent}]`;
  }
  if (!isPlainObject(value)) return `{ /* ${value.constructor?.name ?? 'object'} */ }`;
  const entries = Object.entries(value).filter(([, item]) => item !== undefined);
  if (entries.length === 0) return '{}';
  const lines = entries.map(([key, item]) => `${inner}${identifier.test(key) ? key : `'${key}'`}: ${literal(item, inner, depth + 1, next)},`);
  return `{\n${lines.join('\n')}\n${indent}}`;
}

/** Small arrays and objects of plain data on one line (`['a', 'b']`, `{ city: 'Paris' }`), else undefined. */
function inlineLiteral(value: object, depth: number, path: unknown[]): string | undefined {
  if (path.includes(value) || depth > 4) return undefined;
  const items = Array.isArray(value) ? value.map((item) => ['', item] as const) : isPlainObject(value) ? Object.entries(value).filter(([, item]) => item !== undefined) : undefined;
  if (items === undefined || items.length > 4) return undefined;
  const parts: string[] = [];
  for (const [key, item] of items) {
    const text = typeof item === 'object' && item !== null ? inlineLiteral(item, depth + 1, [...path, value]) : literal(item, '', depth + 1, path);
    if (text === undefined || text.includes('\n') || typeof item === 'function') return undefined;
    parts.push(Array.isArray(value) ? text : `${identifier.test(key) ? key : `'${key}'`}: ${text}`);
  }
  if (Array.isArray(value)) return `[${parts.join(', ')}]`;
  return parts.length === 0 ? '{}' : `{ ${parts.join(', ')} }`;
}

interface Usage {
  /** Names imported from 'toolchat'. */
  imports: Set<string>;
  /** Lines before the component (declarations the props use). */
  setup: string[];
  /** Import lines of other packages. */
  otherImports: Set<string>;
  /** Lines at the start of the component's body. */
  body: Set<string>;
}

/** One prop's JSX attribute, or undefined to leave it out. */
function attribute(name: string, value: unknown, args: Record<string, unknown>, usage: Usage, indent: string): string | undefined {
  if (value === undefined || hidden.has(name)) return undefined;
  if (name === 'transport') {
    usage.imports.add('createDemoTransport');
    return `transport={createDemoTransport(${args.toolMarkers === 'on' ? '{ toolMarkers: true }' : ''})}`;
  }
  if (name === 'tools' && isPlainObject(value)) {
    const names = Object.keys(value);
    if (names.every((tool) => Object.hasOwn(demoTools, tool))) {
      usage.imports.add('demoTools');
      return 'tools={demoTools}';
    }
    usage.setup.push(`declare const tools: ToolSet; // { ${names.join(', ')} }, each made with defineTool`);
    usage.imports.add('type ToolSet');
    return 'tools={tools}';
  }
  if (name === 'renderTool' && isPlainObject(value)) {
    const renderers = Object.keys(value).map((tool) => `${tool}: (call) => <${pascal(tool)}Card call={call} />`);
    return `renderTool={{ ${renderers.join(', ')} }}`;
  }
  if (name === 'storage') {
    usage.imports.add('localStorageStorage');
    usage.setup.push("const storage = localStorageStorage({ prefix: 'my-app' });");
    return 'storage={storage}';
  }
  if (name === 'initialMessages' && Array.isArray(value)) {
    usage.otherImports.add("import type { UIMessage } from 'ai';");
    usage.setup.push(`declare const initialMessages: UIMessage[]; // ${value.length} messages, e.g. from your storage`);
    return 'initialMessages={initialMessages}';
  }
  if (typeof value === 'function') return `${name}={${callbacks[name] ?? '() => {}'}}`;
  if (typeof value === 'string') return `${name}=${JSON.stringify(value)}`;
  return `${name}={${literal(value, indent)}}`;
}

function elementName(element: ReactElement): string {
  const type = element.type as string | { displayName?: string; name?: string };
  return typeof type === 'string' ? type : (type.displayName ?? type.name ?? 'Component');
}

/** JSX for a component and its props, children (elements or text) between its tags. */
function jsx(name: string, props: Record<string, unknown>, usage: Usage, indent: string): string {
  const { children, ...rest } = props;
  const attributes = Object.entries(rest)
    .map(([prop, value]) => attribute(prop, value, rest, usage, `${indent}  `))
    .filter((line): line is string => line !== undefined);
  const open = attributes.length === 0 ? `<${name}` : `<${name}\n${attributes.map((line) => `${indent}  ${line}`).join('\n')}\n${indent}`;
  const kids = (Array.isArray(children) ? children : [children]).filter((child) => child !== undefined && child !== null && child !== false);
  if (kids.length === 0) return `${open}${attributes.length === 0 ? ' ' : ''}/>`;
  const inner = kids.map((child) => {
    if (isValidElement(child)) {
      if (typeof child.type !== 'string') usage.imports.add(elementName(child));
      return `${indent}  ${jsx(elementName(child), child.props as Record<string, unknown>, usage, `${indent}  `)}`;
    }
    return `${indent}  {${literal(child, `${indent}  `)}}`;
  });
  return `${open}>\n${inner.join('\n')}\n${indent}</${name}>`;
}

/** What a part's story sets for the frame and the chat around the part, not as its props. */
const frame = new Set(['theme', 'labels', 'maxToolRounds', 'actions']);

/**
 * The usage code of `<Component {...args} />`, with its imports from 'toolchat'. A part is shown
 * in the chat it reads, made with the story's chat options.
 */
export function usageSource(component: string, args: Record<string, unknown>): string {
  const usage: Usage = { imports: new Set([component]), setup: [], otherImports: new Set(), body: new Set() };
  const chat = component === 'ChatWrapper';
  const props = Object.fromEntries(Object.entries(args).filter(([name]) => chat || !frame.has(name)));
  let element = jsx(component, props, usage, chat ? '    ' : '      ');
  if (!chat) {
    const options = { api: '/api/chat', maxToolRounds: args['maxToolRounds'], labels: args['labels'] };
    usage.imports.add('createToolChat');
    usage.imports.add('ToolChatProvider');
    usage.setup.push(`const chat = createToolChat(${literal(options)});`);
    element = `<ToolChatProvider chat={chat}>
      ${element}
    </ToolChatProvider>`;
  }
  const names = [...usage.imports].sort((a, b) => a.replace('type ', '').localeCompare(b.replace('type ', '')));
  return [
    ...usage.otherImports,
    `import { ${names.join(', ')} } from 'toolchat';`,
    "import 'toolchat/styles.css';",
    '',
    ...(usage.setup.length > 0 ? [...usage.setup, ''] : []),
    `export function ${chat ? 'Chat' : 'Example'}() {`,
    ...[...usage.body].map((line) => `  ${line}`),
    `  return (\n    ${element}\n  );`,
    '}',
    '',
  ].join('\n');
}

/** `parameters.docs.source.transform` for stories that render one public component with their args. */
export function componentSource(_code: string, context: StoryContext): string {
  const component = context.component as { displayName?: string; name?: string } | undefined;
  const name = component?.displayName ?? component?.name ?? 'ChatWrapper';
  return usageSource(name, context.args as Record<string, unknown>);
}
