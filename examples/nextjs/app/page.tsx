'use client';

import { ChatWrapper, defineTool } from 'toolchat';
import { z } from 'zod';

// Runs in the browser when the model calls it.
const tools = {
  getWeather: defineTool({
    description: 'Current weather for a city',
    inputSchema: z.object({ city: z.string() }),
    execute: async ({ city }) => ({ city, tempC: 24, conditions: 'clear' }),
  }),
};

export default function Page() {
  return <ChatWrapper api="/api/chat" tools={tools} />;
}
