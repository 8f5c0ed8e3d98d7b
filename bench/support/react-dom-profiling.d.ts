// React ships a profiling build of react-dom (Profiler timings in production) without types.
declare module 'react-dom/profiling' {
  export { createRoot, hydrateRoot, type Root } from 'react-dom/client';
}
