import { createChatHandler, createDemoModel } from 'toolchat/server';

// OPENAI_API_KEY (with optional OPENAI_BASE_URL, OPENAI_MODEL) picks a real model; without it the
// embedded demo model answers, chosen here by name: in production (`next build`, `next start`)
// a handler with no model at all is an error. Or pass one: { model: openai.chat('gpt-4o-mini') }.
export const POST = createChatHandler(process.env.OPENAI_API_KEY ? {} : { model: createDemoModel() });
