import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ChatWrapper, createDemoTransport, defineTool } from 'toolchat';
import 'toolchat/styles.css';
import { z } from 'zod';

// The app's own tool, with the app's own zod: the demo model answers from what it returns.
const tools = {
  getWeather: defineTool({
    description: 'Current weather for a city',
    inputSchema: z.object({ city: z.string() }),
    execute: async ({ city }) => ({ city, tempC: 17, conditions: 'foggy' }),
  }),
};

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ChatWrapper transport={createDemoTransport()} tools={tools} />
  </StrictMode>,
);
