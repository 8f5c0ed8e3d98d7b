import express from 'express';
import { createChatHandler, createDemoModel, toNodeHandler } from 'toolchat/server';

// OPENAI_API_KEY (with optional OPENAI_BASE_URL, OPENAI_MODEL) picks a real model; without it the
// embedded demo model answers, chosen by name (in production no model at all is an error).
const chat = createChatHandler(process.env.OPENAI_API_KEY ? {} : { model: createDemoModel() });

const app = express();
// No body parser on this route: the handler reads the request body itself.
app.post('/api/chat', toNodeHandler(chat));
app.use(express.static('dist'));

// Plain node:http is the same one line: http.createServer(toNodeHandler(chat)).listen(3000)
const port = Number(process.env.PORT ?? 3000);
app.listen(port, process.env.HOST ?? 'localhost', () => {
  console.log(`http://localhost:${port}`);
});
