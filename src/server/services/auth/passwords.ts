import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 defaults to argon2id with OWASP-recommended costs.
export const hashPassword = (password: string) => hash(password);

// Verifying against this when the email is unknown keeps the answer time the same, so response
// times do not reveal which emails have accounts.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(storedHash: string | undefined, password: string) {
  if (!storedHash) {
    dummyHash ??= hash('not-a-real-password');
    await verify(await dummyHash, password);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
