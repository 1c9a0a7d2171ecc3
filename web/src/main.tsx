// The dashboard's entry: styles, then the shell inside the language/theme providers.
import { render } from 'preact';
import { sampleStream } from './api/index.js';
import { App } from './app/app.js';
import { AppProvider } from './app/context.js';
import './styles/tokens.css';
import './styles/base.css';
import './styles/shell.css';

// Open the live stream now, not after the first paint (effects run after it): the first sample
// is on its way while the shell renders. The header's badge listens for the page's whole life.
sampleStream().subscribe({});

const root = document.getElementById('app');
if (root) {
  render(
    <AppProvider>
      <App />
    </AppProvider>,
    root,
  );
}
