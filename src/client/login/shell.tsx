import { CssBaseline, ThemeProvider } from '@mui/material';
import { renderToString } from 'react-dom/server';
import { cyrillicTree } from '../../shared/cyrillic';
import { en } from '../i18n/en';
import { sr } from '../i18n/sr';
import { pageTheme } from '../layout/Themed';
import { htmlLang, LANGUAGES, type Lang } from '../live/i18n';
import { LoginForm } from './LoginForm';

/**
 * The login page's first paint, rendered by the build (login/shellPlugin.ts): the sign-in form as
 * the login page renders it (LoginForm, the panel's theme), in each language from the message files.
 * Run by Node at build time only; nothing here reaches the browser's JavaScript.
 */

const messagesOf: Record<Lang, unknown> = { en, sr, 'sr-Cyrl': cyrillicTree(sr) };

const lookUp = (tree: unknown, key: string) =>
  String(key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], tree));

const noop = () => undefined;

function renderForm(lang: Lang) {
  const messages = messagesOf[lang];
  const translate = (key: string) => lookUp(messages, key);
  const html = renderToString(
    <ThemeProvider theme={pageTheme}>
      <CssBaseline />
      <LoginForm
        translate={translate}
        locale={lang}
        locales={LANGUAGES.map(({ lang, name }) => ({ locale: lang, name }))}
        onLanguage={noop}
        languageDisabled
        values={{ email: '', password: '' }}
        fieldErrors={{}}
        loading={false}
        onChange={noop}
        onBlur={noop}
        onSubmit={noop}
      />
    </ThemeProvider>,
  );
  return { html, title: translate('login.title') };
}

const STYLE = /<style data-emotion="([^"]*)"[^>]*>[\s\S]*?<\/style>/g;

const attribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * Emotion writes each style beside the first element that uses it; they go to the head once, in
 * order, under the names emotion gives them, so that the page's emotion finds them there.
 */
function withoutStyles(html: string, styles: Map<string, string>) {
  return html.replace(STYLE, (tag, name: string) => {
    if (!styles.has(name)) styles.set(name, tag);
    return '';
  });
}

/**
 * Until the JavaScript takes the form over, its fields are plain inputs: the label of a field with
 * focus or text goes above it, as MUI's does (`data-filled` is set by login/shellScript.ts). Only the
 * static form (.login-shell) is styled so: the login page's own fields are MUI's.
 *
 * The form is shown once the page has been read past it and its language picked (#login-shell-ready
 * follows the script): a slow phone may paint a page before it has read it all, and would show half
 * a card that then grows, or the English form for a moment. Without :has() it is shown at once.
 */
export const SHELL_READY = '<div id="login-shell-ready" hidden></div>';
const SHELL_STYLE = `<style>
#root:not(:has(~ #login-shell-ready)) > .login-shell{visibility:hidden}
.login-shell .MuiFormControl-root:is(:focus-within,[data-filled],:has(input:autofill)) label{transform:translate(14px,-9px) scale(.75);max-width:calc(133% - 32px)}
.login-shell .MuiFormControl-root:is(:focus-within,[data-filled],:has(input:autofill)) legend{max-width:100%}
.login-shell .MuiFormControl-root:focus-within label{color:#1565c0}
.login-shell .MuiFormControl-root:focus-within fieldset{border-color:#1565c0;border-width:2px}
</style>`;

export interface LoginShell {
  /** The styles, for the head. */
  head: string;
  /** The form in English, for the page's root. */
  root: string;
  /** The form in the other languages, as templates the page's script picks from. */
  templates: string;
}

export function renderLoginShell(): LoginShell {
  const styles = new Map<string, string>();
  const forms = LANGUAGES.map(({ lang }) => {
    const { html, title } = renderForm(lang);
    return { lang, title, html: `<div class="login-shell">${withoutStyles(html, styles)}</div>` };
  });
  const [english, ...others] = forms;
  return {
    head: [...styles.values()].join('') + SHELL_STYLE,
    root: english.html,
    templates: others
      .map(
        ({ lang, title, html }) =>
          `<template id="login-shell-${lang}" data-lang="${htmlLang(lang)}" data-title="${attribute(title)}">${html}</template>`,
      )
      .join('\n'),
  };
}
