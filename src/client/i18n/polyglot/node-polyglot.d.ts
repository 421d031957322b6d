/** The part of node-polyglot (2.x, which react-admin's own provider is built on) the panel uses. */
declare module 'node-polyglot' {
  interface PolyglotOptions {
    locale?: string;
    phrases?: object;
    allowMissing?: boolean;
    pluralRules?: {
      pluralTypes: Record<string, (n: number) => number>;
      pluralTypeToLanguages: Record<string, string[]>;
    };
  }
  export default class Polyglot {
    constructor(options?: PolyglotOptions);
    extend(phrases: object, prefix?: string): void;
    t(key: string, options?: object): string;
  }
}
