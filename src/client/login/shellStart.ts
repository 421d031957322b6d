import type { LoginField } from './LoginForm';

/** What the user did in the static login form before the JavaScript took it over. */
export interface ShellStart {
  values: Record<LoginField, string>;
  /** The field the cursor was in. */
  focus?: LoginField;
  /** Sign in was pressed (login/shellScript.ts kept the press). */
  submitted: boolean;
}

/** The static sign-in form the page was served with (login/shellPlugin.ts), while it is there. */
export const loginShell = () => document.querySelector<HTMLElement>('#root > .login-shell');

/**
 * Reads the static form, for the login page to start from: read as React renders the page, which
 * replaces the form in the same task, so nothing typed in between is lost.
 */
export function readShell(): ShellStart | undefined {
  const form = loginShell()?.querySelector('form');
  if (!form) return undefined;
  const value = (name: LoginField) => (form.elements.namedItem(name) as HTMLInputElement | null)?.value ?? '';
  const active = document.activeElement;
  const focus =
    active instanceof HTMLInputElement && form.contains(active) ? (active.name as LoginField) : undefined;
  return {
    values: { email: value('email'), password: value('password') },
    focus,
    submitted: form.hasAttribute('data-submitted'),
  };
}
