import type { LoginField } from './LoginForm';

/** What the user did in the static login form before the JavaScript took it over. A press of Sign
 *  in is kept on the form (data-submitted, login/shellScript.ts). */
export interface ShellStart {
  values: Record<LoginField, string>;
  /** The field the cursor was in (kept on the form as data-focus by login/shellScript.ts). */
  focus?: LoginField;
}

/** The static sign-in form the page was served with (login/shellPlugin.ts), while it is there. */
export const loginShell = () => document.querySelector<HTMLElement>('#root > .login-shell');

export const shellForm = () => loginShell()?.querySelector('form') ?? undefined;

/**
 * What was done in the static form: read as the login page starts to render, and again (from the
 * same inputs, gone from the page by then) as it replaces the form, so that nothing typed or
 * focused in between is lost.
 */
export function readShell(form: HTMLFormElement): ShellStart {
  const value = (name: LoginField) => (form.elements.namedItem(name) as HTMLInputElement | null)?.value ?? '';
  const active = document.activeElement;
  const focus =
    form.getAttribute('data-focus') ??
    (active instanceof HTMLInputElement && form.contains(active) ? active.name : undefined);
  return {
    values: { email: value('email'), password: value('password') },
    focus: focus === 'email' || focus === 'password' ? focus : undefined,
  };
}
