import { createAuthProvider } from './authProvider';
import { httpClient } from './httpClient';

/** The auth provider the running panel and its login page use; tests build their own. */
export const authProvider = createAuthProvider(httpClient);
