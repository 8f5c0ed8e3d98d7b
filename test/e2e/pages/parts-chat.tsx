// The chat with every optional part on, in the language and theme of the query string
// (`?lang=ar&theme=dark`): sources, follow-ups, feedback, speech and the context meter, laid out
// right to left for Arabic. The feedback the page gets is kept on `window.feedback` for the test.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ChatWrapper, createDemoTransport, demoTools } from 'toolchat';
import { ar, de, en, es, fr, isRightToLeft, ja } from 'toolchat/locales';

const locales = { ar, de, en, es, fr, ja };
const query = new URLSearchParams(location.search);
const lang = (query.get('lang') ?? 'en') as keyof typeof locales;
const theme = query.get('theme') === 'dark' ? 'dark' : 'light';
const feedback: unknown[][] = [];
(window as unknown as { feedback: unknown[][] }).feedback = feedback;

document.documentElement.lang = lang;
document.documentElement.dir = isRightToLeft(lang) ? 'rtl' : 'ltr';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ChatWrapper
      transport={createDemoTransport({ delayMs: 0 })}
      tools={demoTools}
      labels={locales[lang]}
      theme={theme}
      onFeedback={(...args) => feedback.push(args)}
      contextMeter={{ window: 8_000, prices: { input: 2.5, output: 10 } }}
      speech
    />
  </StrictMode>,
);
