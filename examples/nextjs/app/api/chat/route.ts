import { createChatHandler } from 'toolchat/server';

// OPENAI_API_KEY (with optional OPENAI_BASE_URL, OPENAI_MODEL) picks a real model; without it the
// embedded demo model answers. Or pass one: createChatHandler({ model: openai.chat('gpt-4o-mini') }).
export const POST = createChatHandler();
