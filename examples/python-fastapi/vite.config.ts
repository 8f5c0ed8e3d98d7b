import { defineConfig } from 'vite';

// `npm run dev` serves the page; `npm run api` the Python agent it calls.
export default defineConfig({
  server: { proxy: { '/api': 'http://127.0.0.1:8000' } },
});
