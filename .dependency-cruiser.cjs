// The architecture of STYLE.md as rules `npm run lint` checks (decision 029): which folder may import
// which. Type-only imports count too: a layer that needs another's types depends on it all the same.
// Tests may look beneath the layer they test (a route's test checks the rows it wrote).
const TESTS = '\\.test\\.tsx?$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle ties modules so neither can be read, tested or moved alone.',
      from: {},
      to: { circular: true },
    },
    // STYLE habit 3: server and web meet only in contracts/ (and the build's page manifest, below).
    {
      name: 'web-not-server',
      severity: 'error',
      comment: 'web/ never imports server/: share code through contracts/.',
      from: { path: '^web/' },
      to: { path: '^server/' },
    },
    {
      name: 'server-not-web',
      severity: 'error',
      comment: 'server/ never imports web/: share code through contracts/.',
      from: { path: '^server/' },
      to: { path: '^web/' },
    },
    {
      name: 'contracts-stand-alone',
      severity: 'error',
      comment: 'contracts/ is shared by server and web and imports neither (nor the build).',
      from: { path: '^contracts/' },
      to: { path: '^(web|server|build|scripts)/' },
    },
    {
      name: 'only-the-page-manifest-from-build',
      severity: 'error',
      comment:
        'The build and the app share one thing: the prerendered pages manifest (build/prerendered-files.ts), which the build writes and the server reads.',
      from: { path: '^(web|server)/' },
      to: { path: '^build/', pathNot: '^build/prerendered-files\\.ts$' },
    },
    {
      name: 'page-manifest-stands-alone',
      severity: 'error',
      comment: 'The page manifest is read by server and web, so it imports only contracts/.',
      from: { path: '^build/prerendered-files\\.ts$' },
      to: { path: '^(web|server|scripts)/' },
    },
    // STYLE habit 1: web imports flow shared code → features → app; features never import each other.
    {
      name: 'feature-not-another-feature',
      severity: 'error',
      comment: 'A feature never imports another feature: compose them in web/app/routes.',
      from: { path: '^web/features/([^/]+)/' },
      to: { path: '^web/features/', pathNot: '^web/features/$1/' },
    },
    {
      name: 'feature-not-app',
      severity: 'error',
      comment: 'Features never import the app layer: the app composes features.',
      from: { path: '^web/features/' },
      to: { path: '^web/app/' },
    },
    {
      name: 'shared-web-code-not-features',
      severity: 'error',
      comment: 'Shared web code never imports features or the app layer.',
      from: { path: '^web/(components|lib|config|locales)/' },
      to: { path: '^web/(features|app)/' },
    },
    // The server's layers: routes → services → db and lib; plugins wire the app and hold no rules.
    {
      name: 'lib-and-db-not-services',
      severity: 'error',
      comment: 'lib and db never import services or routes: what they need is passed in by app.ts.',
      from: { path: '^server/(lib|db)/', pathNot: TESTS },
      to: { path: '^server/(services|routes)/' },
    },
    {
      name: 'plugins-call-no-service',
      severity: 'error',
      comment:
        'Plugins wire the app and hold no rules: app.ts makes the services they carry. A plugin may name a service type it decorates the app with (type-only).',
      from: { path: '^server/plugins/', pathNot: TESTS },
      to: { path: '^server/services/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'plugins-not-routes',
      severity: 'error',
      comment: 'Plugins never import routes: app.ts registers both.',
      from: { path: '^server/plugins/', pathNot: TESTS },
      to: { path: '^server/routes/' },
    },
    {
      name: 'services-not-routes-or-plugins',
      severity: 'error',
      comment: 'Services know nothing of HTTP: they never import routes or plugins.',
      from: { path: '^server/services/', pathNot: TESTS },
      to: { path: '^server/(routes|plugins)/' },
    },
    {
      name: 'routes-not-db',
      severity: 'error',
      comment: 'Routes ask services; only services (and lib) speak to the database.',
      from: { path: '^server/routes/', pathNot: TESTS },
      to: { path: '^server/db/schema/' },
    },
    {
      name: 'lib-not-plugins',
      severity: 'error',
      comment: 'lib/ is plain code any layer may use; it never imports the Fastify wiring.',
      from: { path: '^server/lib/', pathNot: TESTS },
      to: { path: '^server/plugins/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.json'] },
  },
};
