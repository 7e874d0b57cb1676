import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadScreen } from './app/router';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

// The first render waits for the code of the address's screen (it never rejects): drawn at once, it
// needs no loading state of its own, and the session check and the screen's first read run meanwhile.
void preloadScreen(window.location).then(() =>
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
