// The demo's MCP App (the `pick_color` tool of the example server): a palette whose buttons
// call the server's `draw_square` through the host (so the chat asks for approval first), show
// the square it returns, and tell the assistant the choice. Built with the ext-apps SDK's `App`,
// bundled into one HTML resource by demo/mcp-app/build.ts.
import { App, applyDocumentTheme } from '@modelcontextprotocol/ext-apps';

const app = new App({ name: 'toolchat colour picker', version: '1.0.0' }, {}, { autoResize: true });
const status = document.querySelector<HTMLParagraphElement>('#status')!;
const preview = document.querySelector<HTMLImageElement>('#preview')!;
const tell = document.querySelector<HTMLButtonElement>('#tell')!;
let picked: string | undefined;

app.onhostcontextchanged = (context) => {
  if (context.theme) applyDocumentTheme(context.theme);
};
app.ontoolinput = ({ arguments: input }) => {
  const color = typeof input?.color === 'string' ? input.color : undefined;
  status.textContent = color ? `The assistant suggests ${color}. Pick one:` : 'Pick a colour:';
};

for (const button of document.querySelectorAll<HTMLButtonElement>('[data-color]')) {
  button.addEventListener('click', async () => {
    const color = button.dataset.color!;
    status.textContent = `Drawing ${color}… (the chat asks you first)`;
    const result = await app.callServerTool({ name: 'draw_square', arguments: { color } });
    const image = result.content.find((block) => block.type === 'image');
    if (result.isError || !image || image.type !== 'image') {
      status.textContent = `No square: ${result.content.map((block) => (block.type === 'text' ? block.text : '')).join(' ')}`;
      return;
    }
    picked = color;
    preview.src = `data:${image.mimeType};base64,${image.data}`;
    preview.hidden = false;
    tell.disabled = false;
    status.textContent = `You picked ${color}.`;
  });
}

tell.addEventListener('click', () => {
  if (picked) void app.sendMessage({ role: 'user', content: [{ type: 'text', text: `I picked ${picked}. Draw square in ${picked}` }] });
});

await app.connect();
const theme = app.getHostContext()?.theme;
if (theme) applyDocumentTheme(theme);
