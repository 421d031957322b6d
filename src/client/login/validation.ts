/** Spec §5 Login: the form-level message key shown on submit… */
export function formError(email: string, password: string): string | undefined {
  if (!email.trim() || !password) return 'login.required_both';
  if (!email.includes('@')) return 'login.invalid_email_form';
  return undefined;
}

/** …and the per-field message keys shown under each field once it has been left or submitted. */
export function emailError(email: string): string | undefined {
  if (!email.trim()) return 'login.email_required';
  if (!email.includes('@')) return 'login.invalid_email';
  return undefined;
}

export function passwordError(password: string): string | undefined {
  if (!password) return 'login.password_required';
  if (password.length < 3) return 'login.password_short';
  return undefined;
}
