import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { i18nProvider, startIn } from './i18n';
import { startingLanguage } from './i18n/usePageLanguage';
import { loginShell } from './login/shellStart';
import { authProvider } from './providers';

/**
 * The panel's pages. The login page taking over the static form renders in a
 * transition: in slices, between which the phone stays responsive and the form takes what is typed
 * (the login page reads it as it replaces the form); a page is otherwise rendered at once.
 */
function render() {
  const root = createRoot(document.getElementById('root')!);
  const page = (
    <StrictMode>
      <App authProvider={authProvider} />
    </StrictMode>
  );
  if (loginShell()) startTransition(() => root.render(page));
  else root.render(page);
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
