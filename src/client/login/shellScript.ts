/**
 * The static login page's one script (docs/decisions.md, "The login page before its JavaScript"),
 * written into the page by the build (login/shellPlugin.ts) and run as the page is read, before its
 * first paint. It must stand alone: the build copies its source, without the imports of this file.
 *
 * - The page's language, as the login page picks it (i18n/usePageLanguage.ts, startingLanguage):
 *   the panel's choice, else the last one made on any page, else the device's (live/i18n.ts,
 *   pickLanguage). The page holds the form in English and, in templates, in the other languages.
 * - The form does not submit until the JavaScript takes it over (a plain submit would send the
 *   password to the server in the address); a press of Sign in is kept for the login page to do.
 * - A field with text keeps its label above it, as the login page's fields do.
 */
export function loginShellScript() {
  const root = document.getElementById('root');
  if (!root || !root.querySelector('.login-shell')) return;
  const languages = ['en', 'sr', 'sr-Cyrl'];
  let lang: string | undefined;
  try {
    const panel = localStorage.getItem('RaStoreencore.locale');
    const chosen = [panel ? JSON.parse(panel) : null, localStorage.getItem('encore-lang')];
    lang = chosen.filter((l) => languages.indexOf(l) >= 0)[0];
  } catch {
    lang = undefined; // storage blocked or unreadable: the device's languages decide
  }
  if (!lang) {
    const tags =
      navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || 'en'];
    lang = 'en';
    for (let i = 0; i < tags.length; i++) {
      const tag = tags[i];
      if (/^sr-Cyrl\b/i.test(tag)) lang = 'sr-Cyrl';
      else if (/^(sr|hr|bs|sh|cnr)\b/i.test(tag)) lang = 'sr';
      else if (!/^en\b/i.test(tag)) continue;
      break;
    }
  }
  const template = document.getElementById('login-shell-' + lang) as HTMLTemplateElement | null;
  if (template) {
    root.replaceChildren(template.content.cloneNode(true));
    document.documentElement.lang = template.getAttribute('data-lang') || lang;
    document.title = template.getAttribute('data-title') || document.title;
  }
  const form = root.querySelector('form');
  if (!form) return;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    form.setAttribute('data-submitted', '');
  });
  // The field the cursor is in, for the login page to put it back there (a press elsewhere on the
  // page does not take it away: the email field is where it starts anyway).
  const keepFocus = (input: HTMLInputElement) => {
    if (input.name) form.setAttribute('data-focus', input.name);
  };
  form.addEventListener('focusin', (event) => keepFocus(event.target as HTMLInputElement));
  // A phone may have focused the email field (autofocus) before this script ran.
  if (document.activeElement && form.contains(document.activeElement))
    keepFocus(document.activeElement as HTMLInputElement);
  form.addEventListener('input', (event) => {
    const input = event.target as HTMLInputElement;
    const field = input.closest('.MuiFormControl-root');
    if (field) field.toggleAttribute('data-filled', input.value !== '');
  });
}

/**
 * The login page's module script (login/shellPlugin.ts writes it as a file of its own, so that it
 * needs no hash and runs even where the inline script is blocked). Once the static form has been
 * painted it fetches the panel's code (its chunks preloaded together, so that none waits for the one
 * importing it); fetched at once, the code arrived first on a fast network, the browser ran it before
 * painting, and Lighthouse, which models a slow phone from such a run, counted it as needed for the
 * paint. The timeout fetches for a page that is given no frame (a tab opened in the background).
 *
 * It runs the code at the first sign of use (a key, a touch, a pointer moving or pressed, text typed,
 * the form sent), not as soon as it is here: the login page's takeover (React DOM, the router, the
 * form: a task of a few hundred milliseconds on a phone) then falls where the user is about to need
 * it rather than blocking a page nobody touches yet (issue 25, point 3: Lighthouse's total blocking
 * time). A form already typed in or sent before this file ran, a signed-in user (the login page sends
 * them on to the panel) and a page without the static form run it at once.
 */
export function startAfterFirstPaint(entry: string, chunks: string[]) {
  let fetched = false;
  const fetchCode = () => {
    if (fetched) return;
    fetched = true;
    for (const href of [...chunks, entry]) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
  };
  const uses = ['keydown', 'pointerdown', 'pointermove', 'touchstart', 'input', 'submit'];
  let ran = false;
  // Each chunk is run in a task of its own, the entry last, rather than the whole code in one long
  // task: the phone can answer the user between them.
  const run = async () => {
    if (ran) return;
    ran = true;
    for (const type of uses) removeEventListener(type, use, true);
    fetchCode();
    try {
      for (const href of chunks) {
        await import(/* @vite-ignore */ href);
        await new Promise((resolve) => setTimeout(resolve));
      }
    } finally {
      await import(/* @vite-ignore */ entry);
    }
  };
  // The event itself is answered first (the field takes the focus, the key its letter).
  const use = () => setTimeout(run);
  for (const type of uses) addEventListener(type, use, { capture: true, passive: true });
  const afterPaint = (then: () => void) => {
    requestAnimationFrame(() => setTimeout(then));
    setTimeout(then, 1000);
  };
  afterPaint(fetchCode);
  const form = document.querySelector('#root > .login-shell form');
  let signedIn = false;
  try {
    signedIn = localStorage.getItem('user') !== null;
  } catch {
    signedIn = false; // storage blocked: the page waits for its first use
  }
  const used =
    !form ||
    form.hasAttribute('data-submitted') ||
    [...form.querySelectorAll('input')].some((input) => input.value !== '');
  if (signedIn || used) afterPaint(run);
}
