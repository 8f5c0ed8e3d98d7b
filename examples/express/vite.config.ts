import { defineConfig } from 'vite';

// `npm run dev` serves the page; `npm run api` the chat endpoint it calls.
export default defineConfig({
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
