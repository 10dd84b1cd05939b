/**
 * The walls between the parts (issue 9), checked by `npm run lint`. Paths are repository-relative;
 * workspace packages resolve through node_modules links to their real folders.
 */
const PACKAGES = '(shared|core|api|bot|miniapp)';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'shared-stays-browser-safe',
      comment: 'shared/ runs in the browser too: no Node built-ins.',
      severity: 'error',
      from: { path: '^shared/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'shared-stands-alone',
      comment: 'shared/ is the bottom of the house: it imports no other workspace.',
      severity: 'error',
      from: { path: '^shared/' },
      to: { path: '^(core|api|bot|miniapp)/' },
    },
    {
      name: 'core-has-no-edges',
      comment: 'core/ is the domain: no HTTP (Fastify), no Telegram (grammY), no React.',
      severity: 'error',
      from: { path: '^core/' },
      to: {
        path: 'node_modules/(fastify|@fastify/|fastify-plugin|grammy|@grammyjs/|react|react-dom|@telegram-apps/|@tanstack/)',
      },
    },
    {
      name: 'bot-is-not-api',
      comment: 'The bot and the API are two edges of core: neither imports the other.',
      severity: 'error',
      from: { path: '^bot/src/' },
      to: { path: '^api/' },
    },
    {
      name: 'api-is-not-bot',
      comment: 'The bot and the API are two edges of core: neither imports the other.',
      severity: 'error',
      from: { path: '^api/src/' },
      to: { path: '^bot/' },
    },
    {
      name: 'edges-not-on-tables',
      comment: 'The bot and the API reach the database through core services, never with queries of their own.',
      severity: 'error',
      from: { path: '^(api|bot)/src/' },
      to: { path: 'node_modules/drizzle-orm' },
    },
    {
      name: 'miniapp-only-shared',
      comment:
        'The mini-app runs in the browser and talks to the API over HTTP: of the workspaces, it imports shared only.',
      severity: 'error',
      from: { path: '^miniapp/' },
      to: { path: '^(core|api|bot)/' },
    },
    {
      name: 'core-below-edges',
      comment: 'core/ is what the edges are built on: it never imports the API, the bot or the mini-app.',
      severity: 'error',
      from: { path: '^core/' },
      to: { path: '^(api|bot|miniapp)/' },
    },
    {
      name: 'testing-only-in-tests',
      comment:
        "core's testing entry (internals: workers stepped by hand, tables for fixtures) is for tests and benches only.",
      severity: 'error',
      from: { pathNot: '^bench/|(^|/)(test|e2e)/|\\.test\\.tsx?$|^core/src/testing\\.ts$' },
      to: { path: '^core/src/testing\\.ts$' },
    },
    {
      name: 'spec-texts-only-in-tests',
      comment:
        "shared's testing entry holds SPEC's texts as the tests' oracle; what people read comes from the catalogues.",
      severity: 'error',
      from: { pathNot: '(^|/)(test|e2e)/|\\.test\\.tsx?$' },
      to: { path: '^shared/src/testing\\.ts$' },
    },
    {
      name: 'no-deep-imports',
      comment: 'Another package is used through its package name (its public exports), never a path into its src/.',
      severity: 'error',
      from: { path: '^([^/]+)/' },
      to: { path: `^${PACKAGES}/src/`, pathNot: '^$1/', dependencyTypes: ['local'], dependencyTypesNot: ['aliased'] },
    },
    {
      name: 'no-feature-cycles',
      comment: 'Feature folders of core and of the mini-app depend one way: none reaches back into one that uses it.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^(core/src|miniapp/src/features)/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|\\.test-data)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
  },
};
