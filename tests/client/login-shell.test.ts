import { afterEach, describe, expect, it, vi } from 'vitest';
import { startingLanguage } from '../../src/client/i18n/usePageLanguage';
import { htmlLang } from '../../src/client/live/i18n';
import { loginShellScript } from '../../src/client/login/shellScript';
import { chooseInPanel, deviceLanguages } from './page-language';

/**
 * The static login page's inline script (issue 25, point 3) picks the form's language before the
 * first paint, as the login page picks it when it takes over (usePageLanguage.ts, startingLanguage):
 * otherwise the form would change language under the user's eyes.
 */
function staticPage() {
  document.body.innerHTML = `
    <template id="login-shell-sr" data-lang="sr-Latn" data-title="Encore administracija"><div class="login-shell"><form><input name="email"></form>Srpski</div></template>
    <template id="login-shell-sr-Cyrl" data-lang="sr-Cyrl" data-title="Encore администрација"><div class="login-shell"><form><input name="email"></form>Ћирилица</div></template>
    <div id="root"><div class="login-shell"><form><input name="email"></form>English</div></div>`;
  document.documentElement.lang = 'en';
}

const shown = () => document.getElementById('root')!.textContent;

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  document.body.innerHTML = '';
});

describe('the static login page picks its language as the login page does', () => {
  const cases: [string, () => void][] = [
    ['an English phone', () => deviceLanguages(['en-US', 'sr'])],
    ['a Serbian phone', () => deviceLanguages(['sr-RS', 'en'])],
    ['a Croatian phone', () => deviceLanguages(['hr-HR'])],
    ['a German phone', () => deviceLanguages(['de-DE', 'fr'])],
    ['a phone set to Cyrillic', () => deviceLanguages(['sr-Cyrl-RS'])],
    ['English chosen in the panel on a Serbian phone', () => (deviceLanguages(['sr']), chooseInPanel('en'))],
    [
      'Cyrillic chosen on the audience page',
      () => (deviceLanguages(['en']), localStorage.setItem('encore-lang', 'sr-Cyrl')),
    ],
    [
      "the panel's choice before the audience page's",
      () => (chooseInPanel('sr'), localStorage.setItem('encore-lang', 'sr-Cyrl')),
    ],
    [
      'an unknown choice in the panel',
      () => (deviceLanguages(['en']), chooseInPanel('fr'), localStorage.setItem('encore-lang', 'sr')),
    ],
  ];
  it.each(cases)('%s', (_, arrange) => {
    arrange();
    const expected = startingLanguage();
    staticPage();
    loginShellScript();
    expect(document.documentElement.lang).toBe(htmlLang(expected));
    expect(shown()).toBe({ en: 'English', sr: 'Srpski', 'sr-Cyrl': 'Ћирилица' }[expected]);
  });
});

describe('the static form before the JavaScript', () => {
  it('is not submitted: the press is kept for the login page', () => {
    staticPage();
    loginShellScript();
    const form = document.querySelector('#root form')!;
    const submit = new Event('submit', { cancelable: true });
    form.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    expect(form.hasAttribute('data-submitted')).toBe(true);
  });

  it('keeps the field the cursor is in, also one focused before the script ran (autofocus)', () => {
    staticPage();
    const email = document.querySelector<HTMLInputElement>('#root input[name="email"]')!;
    email.focus();
    loginShellScript();
    expect(document.querySelector('#root form')!.getAttribute('data-focus')).toBe('email');
  });

  it("a field's label goes above it once it has text", () => {
    staticPage();
    const field = document.createElement('div');
    field.className = 'MuiFormControl-root';
    const input = document.createElement('input');
    field.append(input);
    document.querySelector('#root form')!.append(field);
    loginShellScript();
    input.value = 'a';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    expect(field.hasAttribute('data-filled')).toBe(true);
    input.value = '';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    expect(field.hasAttribute('data-filled')).toBe(false);
  });
});
