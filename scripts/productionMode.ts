/**
 * Imported first by the server's entry points: the built site's server code and the page renderer
 * load React from node_modules at run time, and React picks its development build (several times
 * slower, with dev-only checks) unless NODE_ENV says production. `astro build` sets it for its own
 * child (src/publish/builder/astroBuild.ts); the serving process must too. Tests that set NODE_ENV keep it.
 */
process.env.NODE_ENV ??= 'production';
