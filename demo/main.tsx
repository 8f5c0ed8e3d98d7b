import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import '../src/react/styles.css';
import './demo.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
