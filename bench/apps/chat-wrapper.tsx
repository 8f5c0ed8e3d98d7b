// `ChatWrapper` with one tool, as the README starts an app.
import { createRoot } from 'react-dom/client';
import { ChatWrapper, defineTool } from 'toolchat';
import * as z from 'zod';

const tools = {
  getWeather: defineTool({
    description: 'Current weather for a city',
    inputSchema: z.object({ city: z.string() }),
    execute: async ({ city }) => ({ city, tempC: 21 }),
  }),
};

createRoot(document.getElementById('root')!).render(
  <div style={{ height: '100vh' }}>
    <ChatWrapper api="/api/chat" tools={tools} />
  </div>,
);
