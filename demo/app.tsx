import { ChatWrapper, demoTools, localStorageStorage } from 'toolchat';

const suggestions = [
  "What's the weather in Paris?",
  'What is 2+2 and the time in Tokyo?',
  "What's the weather in Paris in Fahrenheit?",
  'Delete the file report.pdf',
];

// Saved in this browser, so a reload keeps the conversation.
const storage = localStorageStorage({ prefix: 'toolchat-demo' });

/** The demo chat: browser-side tools, the endpoint at /api/chat served by the dev server. */
export function App() {
  return (
    <main className="demo">
      <h1>toolchat demo</h1>
      <ChatWrapper
        api="/api/chat"
        id="demo"
        storage={storage}
        tools={demoTools}
        maxToolRounds={5}
        suggestions={suggestions}
        className="demo-chat"
      />
    </main>
  );
}
