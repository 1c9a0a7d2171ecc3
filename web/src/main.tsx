// The dashboard's entry: styles, then the shell inside the language/theme providers.
import { render } from 'preact';
import { App } from './app/app.js';
import { AppProvider } from './app/context.js';
import './styles/tokens.css';
import './styles/base.css';
import './styles/shell.css';

const root = document.getElementById('app');
if (root) {
  render(
    <AppProvider>
      <App />
    </AppProvider>,
    root,
  );
}
