import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ChatWrapper, createAgUiTransport, defineTool } from 'toolchat';
import 'toolchat/styles.css';
import { z } from 'zod';

// Runs in the browser when the Python agent calls it.
const tools = {
  getWeather: defineTool({
    description: 'Current weather for a city',
    inputSchema: z.object({ city: z.string() }),
    execute: async ({ city }) => ({ city, tempC: 17, conditions: 'foggy' }),
  }),
};

// The agent speaks AG-UI: one chat is one thread, each request a run.
const transport = createAgUiTransport({ url: '/api/agent' });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ChatWrapper transport={transport} tools={tools} />
  </StrictMode>,
);
