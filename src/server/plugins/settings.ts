import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DEFAULT_SETTINGS, type SystemSettings } from '../../shared/constants.js';
import { readSettings, writeSettings } from '../db/settings.js';

declare module 'fastify' {
  interface FastifyInstance {
    settings: {
      get(): Promise<SystemSettings>;
      /** What a setting is while none is saved (Reset to Defaults offers them). */
      defaults: SystemSettings;
      save(values: Partial<SystemSettings>): Promise<SystemSettings>;
    };
  }
}

// Settings are read on every authenticated call; a short cache keeps that off the database while
// letting a change saved by another server process take effect within seconds.
const CACHE_MS = 5_000;

export interface SettingsOptions {
  /** websocket_port while none is saved: PORT+1 (config.defaultLivePort), not the spec's fixed 3001. */
  defaultLivePort?: number;
}

async function settingsPlugin(app: FastifyInstance, options: SettingsOptions) {
  const defaults: SystemSettings = {
    ...DEFAULT_SETTINGS,
    websocket_port: options.defaultLivePort ?? DEFAULT_SETTINGS.websocket_port,
  };
  let cached: { at: number; value: Promise<SystemSettings> } | undefined;
  const get = () => {
    if (!cached || Date.now() - cached.at > CACHE_MS) {
      const value = readSettings(app.db, defaults);
      cached = { at: Date.now(), value };
      value.catch(() => (cached = undefined));
    }
    return cached.value;
  };
  app.decorate('settings', {
    get,
    defaults,
    async save(values: Partial<SystemSettings>) {
      await writeSettings(app.db, values);
      cached = undefined;
      return get();
    },
  });
}

export default fp(settingsPlugin, { name: 'settings', dependencies: ['database'] });
