// The packages of the monorepo and what each remote exposes, derived from the root package.json, the
// folders and the route table, so that webpack, jest, the build script and the e2e specs keep no list of
// their own. CommonJS: webpack configs and jest.config.cjs require it, ES modules import it as is.
const fs = require('node:fs');
const path = require('node:path');

const REPO_ROOT = path.resolve(__dirname, '..', '..');
const HOST = 'shell';

/** The folders of the root package.json's `workspaces`, in its order. */
function workspaces() {
  return require(path.join(REPO_ROOT, 'package.json')).workspaces;
}

/** The workspaces webpack builds (those with a webpack.config.js); the root package.json lists the shell first. */
function federatedPackages() {
  return workspaces().filter((name) => fs.existsSync(path.join(REPO_ROOT, name, 'webpack.config.js')));
}

function remotePackages() {
  return federatedPackages().filter((name) => name !== HOST);
}

/** The packages whose sources run in the browser, hence in jsdom under jest. */
function browserPackages() {
  return ['shared', ...federatedPackages()].filter((name) => fs.existsSync(path.join(REPO_ROOT, name, 'src')));
}

let routeTable;
/**
 * routes.ts is TypeScript: tsx teaches node's `require` to read it for the time of this one call. Not tsx's
 * scoped `require(file, __filename)`: that one asks for `routes.ts?namespace=…`, a file jest's `require`
 * (which runs this module in the unit tests, and compiles TypeScript itself) tries to open as named.
 */
function loadRouteTable() {
  if (!routeTable) {
    const unregister = require('tsx/cjs/api').register();
    try {
      routeTable = require('../src/domain/routes.ts');
    } finally {
      unregister();
    }
  }
  return routeTable;
}

/** A remote's federation `exposes`: './HomePage' → './src/pages/HomePage/HomePage.tsx' for each page it serves. */
function pageExposes(remoteName) {
  const { PAGE_ROUTES, REMOTES } = loadRouteTable();
  const modules = new Set(PAGE_ROUTES.filter((route) => route.remote === remoteName).map((route) => route.module));
  if (!modules.size)
    throw new Error(`pageExposes: no route of PAGE_ROUTES (shared/src/domain/routes.ts) is served by the remote "${remoteName}"`);
  const packageDir = path.join(REPO_ROOT, `mfe-${REMOTES[remoteName].folder}`);
  const exposes = {};
  for (const module of modules) {
    const file = `./src/pages/${module}/${module}.tsx`;
    if (!fs.existsSync(path.join(packageDir, file))) {
      throw new Error(`pageExposes: PAGE_ROUTES gives ${remoteName} the page ${module}, but ${path.join(packageDir, file)} does not exist`);
    }
    exposes[`./${module}`] = file;
  }
  return exposes;
}

module.exports = { REPO_ROOT, workspaces, federatedPackages, remotePackages, browserPackages, pageExposes };
