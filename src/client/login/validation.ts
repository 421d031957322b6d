/** Spec §5 Login: the form-level message shown on submit… */
export function formError(email: string, password: string): string | undefined {
  if (!email.trim() || !password) return 'Email i lozinka su obavezni.';
  if (!email.includes('@')) return 'Unesite ispravnu email adresu.';
  return undefined;
}

/** …and the per-field messages shown under each field once it has been left or submitted. */
export function emailError(email: string): string | undefined {
  if (!email.trim()) return 'Email je obavezan';
  if (!email.includes('@')) return 'Unesite ispravnu email adresu';
  return undefined;
}

export function passwordError(password: string): string | undefined {
  if (!password) return 'Lozinka je obavezna';
  if (password.length < 3) return 'Lozinka mora imati najmanje 3 karaktera';
  return undefined;
}
