import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { i18nProvider, startIn } from './i18n';
import { startingLanguage } from './i18n/usePageLanguage';
import { loginShell } from './login/shellStart';
import { authProvider } from './providers';

function render() {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App authProvider={authProvider} />
    </StrictMode>,
  );
}

// /admin/login came with its form in the page's language (login/shellPlugin.ts): the form stays
// until the login page can take it over in the same language (Serbian's messages are loaded first),
// rather than showing English for a moment.
const start = loginShell() && startingLanguage();
if (!start || start === i18nProvider.getLocale()) render();
else
  startIn(start)
    .catch(() => undefined)
    .finally(render);
