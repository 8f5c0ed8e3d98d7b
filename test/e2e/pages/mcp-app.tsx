// A chat connected to one MCP server: the model (scripted here) calls the tool `?tool=` with
// `?input=` when the user says "go", and answers "Got: <text>" to anything else (an MCP App's
// message, say). The chat's cards show MCP Apps and the server's questions by themselves.
import type { ChatTransport, UIMessage, UIMessageChunk } from 'ai';
import { createRoot } from 'react-dom/client';
import { ChatWrapper } from 'toolchat';
import { useMcpTools } from 'toolchat/mcp';

const params = new URLSearchParams(location.search);
const url = params.get('mcp') ?? '';
const toolName = params.get('tool') ?? '';
const input = JSON.parse(params.get('input') ?? '{}') as Record<string, unknown>;
const theme = (params.get('theme') ?? 'light') as 'light' | 'dark';
localStorage.setItem('secret', 'host-secret-value');
document.cookie = 'session=host-cookie-value';

const stream = (chunks: UIMessageChunk[]) =>
  new ReadableStream<UIMessageChunk>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
let calls = 0;
const transport: ChatTransport<UIMessage> = {
  async sendMessages({ messages }) {
    const last = messages.at(-1)!;
    const said = last.role === 'user' ? last.parts.map((part) => (part.type === 'text' ? part.text : '')).join('') : '';
    if (said === 'go') {
      calls += 1;
      return stream([{ type: 'start' }, { type: 'start-step' }, { type: 'tool-input-available', toolCallId: `call-${calls}`, toolName, input }, { type: 'finish-step' }, { type: 'finish' }]);
    }
    const answer = last.role === 'user' ? `Got: ${said}` : 'The tool ran.';
    return stream([{ type: 'start' }, { type: 'start-step' }, { type: 'text-start', id: 't' }, { type: 'text-delta', id: 't', delta: answer }, { type: 'text-end', id: 't' }, { type: 'finish-step' }, { type: 'finish' }]);
  },
  reconnectToStream: async () => null,
};

function Page() {
  const mcp = useMcpTools({ url, name: 'app' });
  return (
    <>
      <p role="note">
        {mcp.status}
        {mcp.error ? `: ${mcp.error.message}` : ''}
      </p>
      {mcp.status === 'connected' && <ChatWrapper transport={transport} tools={mcp.tools} theme={theme} />}
    </>
  );
}

createRoot(document.getElementById('root')!).render(<Page />);
