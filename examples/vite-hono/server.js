import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { createChatHandler, createDemoModel } from 'toolchat/server';

// OPENAI_API_KEY (with optional OPENAI_BASE_URL, OPENAI_MODEL) picks a real model; without it the
// embedded demo model answers, chosen by name (in production no model at all is an error).
const chat = createChatHandler(process.env.OPENAI_API_KEY ? {} : { model: createDemoModel() });

const app = new Hono();
app.post('/api/chat', (c) => chat(c.req.raw));
app.use('/*', serveStatic({ root: './dist' }));

const port = Number(process.env.PORT ?? 3000);
serve({ fetch: app.fetch, port, hostname: process.env.HOST ?? 'localhost' }, () => {
  console.log(`http://localhost:${port}`);
});
