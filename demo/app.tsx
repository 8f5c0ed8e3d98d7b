import { ChatWrapper, demoTools } from 'toolchat';

const suggestions = [
  "What's the weather in Paris?",
  'What is 2+2 and the time in Tokyo?',
  "What's the weather in Paris in Fahrenheit?",
  'Delete the file report.pdf',
];

/** The demo chat: browser-side tools, the endpoint at /api/chat served by the dev server. */
export function App() {
  return (
    <main className="demo">
      <h1>toolchat demo</h1>
      <ChatWrapper api="/api/chat" tools={demoTools} maxToolRounds={5} suggestions={suggestions} className="demo-chat" />
    </main>
  );
}
