import { z } from 'zod';

// In a browser, zod validates without generating code: the web app's Content-Security-Policy
// allows no eval, and even zod's probe for it would be reported as a violation. Schemas decide
// this when they are built, so this module is imported before any of them.
if ('document' in globalThis) z.config({ jitless: true });
