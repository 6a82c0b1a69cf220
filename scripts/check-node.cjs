// Runs before the npm scripts that need a recent Node.js. `npm ci` normally brings Node 24 (the
// `node` dependency), and npm scripts run it; this catches the cases where that did not happen
// (install scripts disabled, an npm too old to run them, a script started by hand). Written in old
// JavaScript so that any Node.js can parse it and print one sentence instead of a stack trace.
var need = [22, 12];
var have = process.versions.node.split('.').map(Number);
if (have[0] < need[0] || (have[0] === need[0] && have[1] < need[1])) {
  console.error(
    'This project needs Node.js ' +
      need.join('.') +
      ' or newer but found ' +
      process.version +
      ': run `npm ci` again with install scripts enabled (it brings Node.js 24 through npm), or install Node.js 24 from https://nodejs.org.',
  );
  process.exit(1);
}
