import type { ToolSet as AIToolSet } from 'ai';

type Env = Record<string, string | undefined>;

const warned = new Set<'model' | 'secret'>();

/**
 * Settings that are unsafe to deploy: an error at creation in production (`NODE_ENV=production`),
 * naming what to set; a warning, once per process, in development. Tests (`NODE_ENV=test`) hear
 * nothing.
 */
export function checkSettings(options: { model?: unknown; secret?: string | undefined; tools?: AIToolSet | undefined }, env: Env): void {
  const mode = env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  if (mode === 'test') return;
  // `next build` loads each route module to read its config, where the deployment's secrets need
  // not be: the check belongs to the server that runs the route (`next start` loads it again,
  // and refuses there). The handler made during the build never answers a request.
  if (env.NEXT_PHASE === 'phase-production-build') return;

  if (options.model === undefined && !env.OPENAI_API_KEY) {
    const problem = 'no model is set (no `model` option, no OPENAI_API_KEY)';
    if (mode === 'production') {
      throw new Error(
        `createChatHandler: ${problem}. Pass \`model\`, or set OPENAI_API_KEY; the embedded demo model answers only when chosen: \`model: createDemoModel()\`.`,
      );
    }
    warnOnce('model', `toolchat: ${problem}: the embedded demo model answers. In production this is an error.`);
  }

  const approving = Object.entries(options.tools ?? {})
    .filter(([, tool]) => tool.needsApproval !== undefined && tool.needsApproval !== false)
    .map(([name]) => `"${name}"`);
  if (approving.length > 0 && options.secret === undefined && !env.TOOLCHAT_SECRET) {
    const problem = `the server tools ${approving.join(', ')} need approval, but TOOLCHAT_SECRET is not set (nor the \`secret\` option)`;
    if (mode === 'production') {
      throw new Error(
        `createChatHandler: ${problem}. Set TOOLCHAT_SECRET to 32 or more random characters, the same on every instance: with a random key per process, an approval that reaches another instance or comes after a restart is dropped.`,
      );
    }
    warnOnce('secret', `toolchat: ${problem}: approvals will not survive a restart or reach a second instance. In production this is an error.`);
  }
}

function warnOnce(kind: 'model' | 'secret', message: string): void {
  if (warned.has(kind)) return;
  warned.add(kind);
  console.warn(message);
}
