import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ChatWrapper, defineTool } from 'toolchat';
import 'toolchat/styles.css';
import { z } from 'zod';

// Runs in the browser when the model calls it.
const tools = {
  getWeather: defineTool({
    description: 'Current weather for a city',
    inputSchema: z.object({ city: z.string() }),
    execute: async ({ city }) => ({ city, tempC: 19, conditions: 'windy' }),
  }),
};

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ChatWrapper api="/api/chat" tools={tools} />
  </StrictMode>,
);
