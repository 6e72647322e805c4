import './app/mantine-styles';
import './app/global.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { AppRouter } from './app/router';
import { appContainer } from './lib/first-paint';
import { redirectPathToHashRoute } from './lib/path-to-hash';
import { loadSanitizer } from './lib/sanitize-html';

// Start fetching the HTML sanitizer now, in parallel with the configuration whose HTML it will clean.
void loadSanitizer();

redirectPathToHashRoute();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const root = createRoot(appContainer(container));
// A transition: React renders the first screen in slices of a few milliseconds instead of one long task that
// keeps the page from answering (Total Blocking Time; the server's first paint shows meanwhile, decision 045).
startTransition(() => {
  root.render(
    <StrictMode>
      <AppProviders>
        <AppRouter />
      </AppProviders>
    </StrictMode>,
  );
});
