import { createChatHandler, createDemoModel } from 'toolchat/server';

// A route handler as an app writes it, with the model type coming from the app's own `ai`.
export const POST: (request: Request) => Promise<Response> = createChatHandler({ model: createDemoModel() });
