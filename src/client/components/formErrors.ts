/** The server's 422 `errors` map as react-admin's submission errors (first message per field). */
export function submissionErrors(error: unknown): Record<string, string> | undefined {
  const errors = (error as { body?: { errors?: Record<string, string[]> } } | null)?.body?.errors;
  if (!errors) return undefined;
  return Object.fromEntries(Object.entries(errors).map(([field, messages]) => [field, messages[0]]));
}
