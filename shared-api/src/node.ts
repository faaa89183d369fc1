/** Node-only parts of the SDK (kept apart so the web bundle never pulls undici). */
export * from './sdk/undici-transport.js';
