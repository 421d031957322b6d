import { createHash, randomBytes } from 'node:crypto';

/** 256-bit random, URL-safe. */
export const newToken = () => randomBytes(32).toString('base64url');

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A gig's public token: 192 random bits, URL-safe (DESIGN §4: at least 128). */
export const newGigToken = () => randomBytes(24).toString('base64url');
