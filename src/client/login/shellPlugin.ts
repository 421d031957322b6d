import type { Plugin, Rolldown } from 'vite';
import { LOGIN_PAGE } from '../../shared/constants';
import { loginShellScript } from './shellScript';

/**
 * Writes the login page a phone paints at once (issue 25, point 3): the built index.html with the
 * sign-in form in it (login/shell.tsx renders it from LoginForm and the message files), its styles in
 * the head, and the script that picks the form's language (login/shellScript.ts), inline, before the
 * first paint. The server answers /admin/login with it (allowing that script by its hash); every
 * other page of the panel is the plain index.html. React takes the form over (LoginPage.tsx).
 */
export function loginShellPage(): Plugin {
  return {
    name: 'encore-login-shell',
    apply: 'build',
    enforce: 'post',
    async generateBundle(_, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') return;
      index.source = withBootPreloaded(String(index.source), bundle);
      const { renderLoginShell } = await import('./shell');
      const shell = renderLoginShell();
      const html = String(index.source)
        .replace('</head>', `${shell.head}\n  </head>`)
        .replace(
          '<div id="root"></div>',
          `${shell.templates}\n    <div id="root">${shell.root}</div>\n    <script>(${loginShellScript.toString()})()</script>`,
        );
      if (!html.includes('class="login-shell"')) this.error(`index.html has no <div id="root"></div>`);
      this.emitFile({ type: 'asset', fileName: LOGIN_PAGE, source: html });
    },
  };
}

/**
 * main.tsx starts the panel's code (boot.tsx) with a dynamic import, after the first paint on the
 * login page: the page fetches that code and what it imports at once all the same, as it would an
 * entry's (Vite preloads only the entry's own imports).
 */
function withBootPreloaded(html: string, bundle: Rolldown.OutputBundle) {
  const chunks = Object.values(bundle).flatMap((file) => (file.type === 'chunk' ? [file] : []));
  const boot = chunks.find((chunk) => chunk.facadeModuleId?.endsWith('/src/client/boot.tsx'));
  const entry = chunks.find((chunk) => chunk.isEntry && boot && chunk.dynamicImports.includes(boot.fileName));
  if (!entry || !boot) throw new Error('boot.tsx, which main.tsx imports, is not in the build');
  const files = new Set<string>();
  const add = (fileName: string) => {
    if (files.has(fileName) || fileName === entry.fileName || entry.imports.includes(fileName)) return;
    files.add(fileName);
    const chunk = bundle[fileName];
    if (chunk?.type === 'chunk') chunk.imports.forEach(add);
  };
  add(boot.fileName);
  const links = [...files]
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join('\n    ');
  return html.replace('</head>', `    ${links}\n  </head>`);
}
