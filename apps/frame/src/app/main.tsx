import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { startFrame } from './bootstrap/start';
import './styles.css';

const rootElement = document.getElementById('root');
if (rootElement) {
  const { store } = startFrame({ win: window, rootElement });
  createRoot(rootElement).render(
    <StrictMode>
      <App store={store} />
    </StrictMode>,
  );
}
