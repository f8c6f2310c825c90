// zod 4 compiles object parsers with new Function() when it may, and probes for that when the first
// schema is built; the CSP forbids eval (server/plugins/external/security.ts), so even the probe is
// reported as a violation (Lighthouse best practices). zod takes its settings from this global object
// when it exists (zod/v4/core/core.js `globalConfig`): set here, before any chunk that holds zod has
// run, it costs the landing page nothing, where `import { config } from 'zod/v4/core'` costs 4 KB gzip.
const settings = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(settings.__zod_globalConfig ??= {}).jitless = true;

export {};
