import { createAuthProvider } from './authProvider';
import { createDataProvider } from './dataProvider';
import { httpClient } from './httpClient';

/** The providers the running panel uses; tests build their own from the factories. */
export const authProvider = createAuthProvider(httpClient);
export const dataProvider = createDataProvider(httpClient);
