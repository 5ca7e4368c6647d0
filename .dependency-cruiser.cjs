/**
 * The layers of ARCHITECTURE.md ("Layers"), checked by `npm run lint` (`npm run lint:deps`).
 * `scripts/dependency-rules.test.ts` plants each violation in a fixture and expects this file to refuse it.
 */

/** Test code may set up data through any repository; the rules are about the product's code. */
const TEST_CODE = [
  '\\.test\\.tsx?$',
  '\\.fixtures?\\.ts$',
  '/testing/',
  '^apps/server/test/',
  '^apps/web/src/test/',
  '^e2e/',
  '^bench/',
];

const MODULE_FILE = '^apps/server/src/modules/([^/]+)/';
const REPOSITORY = '^apps/server/src/modules/[^/]+/.+\\.repository\\.ts$';
/** Composition roots wire modules together (as app.ts does) and may build any of them. */
const COMPOSITION_ROOTS = ['/register\\.ts$'];

/**
 * Known violations of "no other module's repository", each with why it stays for now. Fix one, delete its
 * entry; add none without a reason. `from`: the importing files, its first group the module's folder; `to`: the
 * repositories they may still import.
 */
const KNOWN_OTHER_REPOSITORY_IMPORTS = [
  {
    // One API (modules/spaces/README.md), one register.ts: these services lock and change organizations and
    // read invitations and accounts through those repositories, inside their own transactions. Who may act
    // is no longer among these reads: that is the gate's (spaces/space-access.ts, spaces/route-gate.ts).
    from: '^apps/server/src/modules/(spaces|members|plans|media|customization)/',
    to: '^apps/server/src/modules/(spaces/spaces|members/invitations|accounts/account)\\.repository\\.ts$',
  },
];

/**
 * A server module (modules/<m>/) reaches another module's data through that module's service, never its
 * repository: one rule for every file, and one per known violation that allows just its listed repositories.
 */
function otherModulesRepositoryRules() {
  const comment =
    "A server module reaches another module's data through that module's service, never its repository.";
  const to = { path: REPOSITORY, pathNot: '^apps/server/src/modules/$1/' };
  return [
    {
      name: 'no-other-modules-repository',
      severity: 'error',
      comment,
      from: {
        path: MODULE_FILE,
        pathNot: [...TEST_CODE, ...COMPOSITION_ROOTS, ...KNOWN_OTHER_REPOSITORY_IMPORTS.map((k) => k.from)],
      },
      to,
    },
    ...KNOWN_OTHER_REPOSITORY_IMPORTS.map((known) => ({
      name: 'no-other-modules-repository',
      severity: 'error',
      comment: `${comment} (A known violation allows some repositories here; not this one.)`,
      from: { path: [known.from], pathNot: TEST_CODE },
      to: { ...to, pathNot: [to.pathNot, known.to] },
    })),
  ];
}

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment:
        'An import cycle: modules that need each other cannot be read, tested or loaded one at a time. ' +
        'Move what both need into a third file.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'routes-not-to-repository',
      severity: 'error',
      comment:
        'A route only parses and answers; SQL is reached through the service (routes → service → repository).',
      from: { path: '\\.routes\\.ts$' },
      to: { path: '\\.repository\\.ts$' },
    },
    ...otherModulesRepositoryRules(),
    {
      name: 'server-foundation-not-to-modules',
      severity: 'error',
      comment:
        'db/ and http/ are what every module stands on (client, errors, route schemas); they import no module.',
      from: { path: '^apps/server/src/(db|http)/', pathNot: TEST_CODE },
      to: { path: '^apps/server/src/modules/' },
    },
    {
      name: 'packages-not-to-apps',
      severity: 'error',
      comment: 'packages/* are shared by the apps; an app is never imported by one.',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'web-features-not-to-routes',
      severity: 'error',
      comment:
        'Routes wire features to pages (apps/web/README.md "Where code goes"); a feature importing a route ' +
        'turns that around.',
      from: { path: '^apps/web/src/features/' },
      to: { path: '^apps/web/src/routes/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|data)/|routeTree\\.gen\\.ts$' },
    // `@/` is apps/web/src (the web tsconfig's paths); server and packages use relative and package imports.
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
