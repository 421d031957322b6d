import { minifySync, type Plugin } from 'vite';
import { LOGIN_PAGE } from '../../shared/constants';
import { loginShellScript, startAfterFirstPaint } from './shellScript';

/**
 * Writes the login page a phone paints at once (issue 25, point 3): the built index.html with the
 * sign-in form in it (login/shell.tsx renders it from LoginForm and the message files), its styles in
 * the head, and the script that picks the form's language (login/shellScript.ts), inline, before the
 * first paint. The panel's code is fetched after that paint and run at the first use of the page
 * (startAfterFirstPaint). The server answers /admin/login with it (allowing the inline script by its
 * hash); every other page of the panel is the plain index.html. React takes the form over
 * (LoginPage.tsx).
 */
export function loginShellPage(): Plugin {
  return {
    name: 'encore-login-shell',
    apply: 'build',
    enforce: 'post',
    async generateBundle(_, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') return;
      const source = String(index.source);
      const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(source);
      if (!entry) return this.error('index.html has no module script');
      const preload = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
      const chunks = [...source.matchAll(preload)].map(([, href]) => href);
      const starter = this.emitFile({
        type: 'asset',
        name: 'login-start.js',
        // Minified as the chunks are (the function's source is the build's, with its layout).
        source: minifySync(
          'login-start.js',
          `(${startAfterFirstPaint.toString()})(${JSON.stringify(entry[1])}, ${JSON.stringify(chunks)})`,
        ).code,
      });
      const { renderLoginShell, SHELL_READY } = await import('./shell');
      const shell = renderLoginShell();
      const html = source
        .replace(preload, '')
        // A module never holds the paint up; at its default (high) priority Lighthouse's model
        // counts its request before the paint all the same.
        .replace(
          entry[0],
          `<script type="module" fetchpriority="low" crossorigin src="/${this.getFileName(starter)}"></script>`,
        )
        .replace('</head>', `${shell.head}\n  </head>`)
        .replace(
          '<div id="root"></div>',
          `${shell.templates}\n    <div id="root">${shell.root}</div>\n    <script>(${loginShellScript.toString()})()</script>\n    ${SHELL_READY}`,
        );
      if (!html.includes('class="login-shell"')) this.error(`index.html has no <div id="root"></div>`);
      this.emitFile({ type: 'asset', fileName: LOGIN_PAGE, source: html });
    },
  };
}
