// The one webpack config factory (docs/architecture.md#the-workspaces): every federated package calls it with
// only what differs: its name, its port, what it exposes. Plain CommonJS so webpack-cli loads it as is.
const path = require('node:path');
const fs = require('node:fs');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');

const sharedPackage = require('../package.json');
const { pageExposes } = require('./workspaces.cjs');

/** The federation plugin's package: each federated package lists it in its own devDependencies. */
const FEDERATION_PACKAGE = '@module-federation/enhanced';

/** What each build writes beside its entry: its name and the federation version it was built with. */
const BUILD_INFO_FILE = 'build-info.json';

/**
 * The page's record of the federation version each build was made with, `self.__TASKO_BUILDS__[name] =
 * { federationVersion }`, written by the first line of the shell's main.js and of each remote's remoteEntry.js
 * (docs/architecture.md "Module federation"): the shell's runtime plugin compares a remote's with its own
 * before the remote's container starts.
 */
const BUILDS_GLOBAL = '__TASKO_BUILDS__';

/**
 * Every module the shell and remotes must hold exactly once in the page
 * (docs/architecture.md#the-federation-contract). `@tasko/shared/router` is the site's list of react-router-dom
 * (shared/src/router), shared in the package's place: only that module imports react-router-dom, and sharing the
 * package as well would put all of it in the first visit (docs/architecture.md, "Module federation"). i18next
 * too: the core's instance is made from it, and a page that renders react-i18next's `Trans` itself
 * (docs/architecture.md, "Texts") must not bring a second copy (i18next is one class: sharing it costs no byte).
 */
const SINGLETONS = ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client', '@tasko/shared/router', 'jotai', 'i18next'];

/** A singleton whose version is another package's: the router module carries react-router-dom's. */
const VERSION_OF = { '@tasko/shared/router': 'react-router-dom' };

function packageNameOf(name) {
  return name.startsWith('@') ? name.split('/').slice(0, 2).join('/') : name.split('/')[0];
}

/** The nearest package.json above a resolved file: `<package>/package.json` is not always in its `exports`. */
function packageJsonAbove(file, name) {
  for (let dir = path.dirname(file); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'package.json');
    if (fs.existsSync(candidate)) {
      const json = JSON.parse(fs.readFileSync(candidate, 'utf8'));
      if (json.name === name) return json;
    }
  }
  throw new Error(`createFederatedConfig: no package.json of ${name} above ${file}`);
}

/** The version of a package as the package in `dir` installs it (its own node_modules first, then the root's). */
function installedVersion(name, dir) {
  const pkgName = VERSION_OF[name] ?? packageNameOf(name);
  return packageJsonAbove(require.resolve(pkgName, { paths: [dir] }), pkgName).version;
}

/**
 * The federation plugin the package in `dir` depends on, and its version: resolved from that package's folder,
 * so a team can upgrade it in its own remote (its own node_modules) without touching the shell or the others.
 */
function federationOf(dir) {
  const entry = require.resolve(`${FEDERATION_PACKAGE}/webpack`, { paths: [dir] });
  return { ModuleFederationPlugin: require(entry).ModuleFederationPlugin, version: packageJsonAbove(entry, FEDERATION_PACKAGE).version };
}

/**
 * The contract version of `@tasko/shared`'s core, in semver, bumped by hand when its exports change (minor for
 * additions, major for removals; shared/contract.json records each version's exports and a test holds them
 * to it). TASKO_SHARED_VERSION makes a build claim another one: the skew test builds a remote that needs a
 * version the shell does not have.
 */
function sharedContractVersion() {
  return process.env.TASKO_SHARED_VERSION || sharedPackage.version;
}

/**
 * The stateful core, one copy per page: React, the router, jotai, and `@tasko/shared` (auth store and bus, the
 * i18n instance, the API client). Each accepts every minor of its major from whoever loaded first (the shell), so
 * remotes already released keep working when shared grows; one that needs a newer minor or another major
 * fails at once, naming both versions (strictVersion), instead of calling a function that is not there.
 * Stateless helpers (`@tasko/shared/listing`, `/validation`) are not shared: each remote bundles the copy it
 * was built and tested with, so no page runs another remote's copy.
 */
function sharedModules(dir) {
  const shared = {};
  for (const name of SINGLETONS) {
    const version = installedVersion(name, dir);
    const major = version.split('.')[0];
    shared[name] = { singleton: true, strictVersion: true, requiredVersion: `^${major}.0.0`, version };
  }
  const contract = sharedContractVersion();
  shared['@tasko/shared'] = { singleton: true, strictVersion: true, requiredVersion: `^${contract}`, version: contract };
  return shared;
}

/** What a page preloads of a chunk group: its scripts and styles, not its maps or licences. */
const isScriptOrStyle = (file) => /\.(js|css)$/.test(file);

/**
 * Writes chunk-groups.json (named chunk group → its JS and CSS files; `provided:<module>` → the files of a
 * shared module the package provides) so the server can preload exactly
 * what a route needs, e.g. the shell's bootstrap chunk, without parsing webpack stats at run time.
 */
class ChunkGroupsManifestPlugin {
  /** @param {Record<string, { version: string }>} shared the federation's `shared`, to name what each provided module is */
  constructor(shared) {
    this.shared = shared;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('ChunkGroupsManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'ChunkGroupsManifestPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const groups = {};
          for (const [name, group] of compilation.namedChunkGroups)
            groups[name] = group.chunks.flatMap((chunk) => [...chunk.files]).filter(isScriptOrStyle);
          Object.assign(groups, this.providedGroups(compilation, compiler.webpack.WebpackError));
          compilation.emitAsset('chunk-groups.json', new compiler.webpack.sources.RawSource(JSON.stringify(groups, null, 2)));
        },
      );
    });
  }

  /**
   * What the page loads for each shared module the package provides: `provided:react`. The federation
   * manifest lists a provided copy and a fallback copy without saying which is which (preloading the fallback
   * fetched a file no page ever ran), so this reads webpack's public stats instead: each `provide-module` and
   * the chunks its lazy import created (their origin is that module). Which shared module a provide-module is
   * shows only in its name, "provide shared module (default) react@18.3.1 = …": it is matched against the
   * names and versions this build shares, and a provide-module that matches none fails the build rather than
   * dropping a preload in silence.
   */
  providedGroups(compilation, WebpackError) {
    // cachedModules: `all: false` leaves out modules the persistent cache restored, which a release build has.
    const stats = compilation
      .getStats()
      .toJson({ all: false, modules: true, cachedModules: true, modulesSpace: Infinity, chunks: true, chunkOrigins: true });
    const groups = {};
    for (const module of stats.modules ?? []) {
      if (module.moduleType !== 'provide-module') continue;
      const shareKey = Object.keys(this.shared).find((key) => module.name?.includes(` ${key}@${this.shared[key].version} = `));
      if (!shareKey) {
        compilation.errors.push(
          new WebpackError(
            `ChunkGroupsManifestPlugin: cannot tell which shared module "${module.name}" provides; chunk-groups.json would miss its preload`,
          ),
        );
        continue;
      }
      const chunks = (stats.chunks ?? []).filter((chunk) => chunk.origins?.some((origin) => origin.moduleIdentifier === module.identifier));
      groups[`provided:${shareKey}`] = chunks.flatMap((chunk) => chunk.files ?? []).filter(isScriptOrStyle);
    }
    return groups;
  }
}

/**
 * Records the federation version a build was made with: in build-info.json beside its entry (read by
 * `npm run release`, which refuses a remote whose major or minor differs from the shell's), and as the first
 * line of its entry script (the shell's main.js, a remote's remoteEntry.js), which sets
 * `self.__TASKO_BUILDS__[name]` for the shell's runtime plugin to compare before a remote's container starts.
 */
class BuildInfoPlugin {
  /** @param {{ name: string, entry: string, federationVersion: string }} options entry: the entry point whose first chunk gets the line */
  constructor(options) {
    this.options = options;
  }

  apply(compiler) {
    const { name, entry, federationVersion } = this.options;
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('BuildInfoPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'BuildInfoPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONS }, () => {
        const info = { name, federation: { package: FEDERATION_PACKAGE, version: federationVersion } };
        compilation.emitAsset(BUILD_INFO_FILE, new sources.RawSource(`${JSON.stringify(info, null, 2)}\n`));
        const line = `(self.${BUILDS_GLOBAL}=self.${BUILDS_GLOBAL}||{})[${JSON.stringify(name)}]=${JSON.stringify({ federationVersion })};\n`;
        const chunk = compilation.entrypoints.get(entry)?.getEntrypointChunk();
        const scripts = [...(chunk?.files ?? [])].filter((file) => file.endsWith('.js'));
        if (!scripts.length)
          compilation.errors.push(
            new compiler.webpack.WebpackError(
              `BuildInfoPlugin: no script of the entry "${entry}" to record ${name}'s federation version in`,
            ),
          );
        for (const file of scripts) compilation.updateAsset(file, (source) => new sources.ConcatSource(line, source));
      });
    });
  }
}

/** Where `npm start` serves the site (api/src/config.ts: PORT 8080). */
const DEFAULT_API_URL = 'http://127.0.0.1:8080';

/**
 * @param {object} options
 * @param {string} options.dir            the package folder (pass __dirname)
 * @param {'host' | 'remote'} options.kind
 * @param {string} options.name           federation name, e.g. 'mfe_jobs'
 * @param {number} options.port           dev server port
 * @param {string} [options.publicPath]   host only: where its assets are served from
 * @param {object[]} [options.rules]      loaders for file types only this package has
 */
function createFederatedConfig({ dir, kind, name, port, publicPath = '/', rules = [] }) {
  return (_env, argv) => {
    const isProduction = argv.mode === 'production';
    const isRemote = kind === 'remote';
    const hashed = isProduction ? '.[contenthash:8]' : '';
    const federation = federationOf(dir);
    const shared = sharedModules(dir);
    return {
      mode: isProduction ? 'production' : 'development',
      context: dir,
      entry: { main: './src/index.ts' },
      // Source maps in files, not eval(): a dev remote then runs inside the real shell, whose CSP has no 'unsafe-eval'.
      devtool: isProduction ? false : 'cheap-module-source-map',
      output: {
        path: path.join(dir, 'dist'),
        // Every build finds its chunks from where its script came from, so one build serves from whichever folder holds it: a
        // remote from dist, a release or a CDN; the shell from /mfe/shell/ or a release of its own (the
        // server points its page template at the release's folder: docs/releases.md).
        publicPath: 'auto',
        filename: `[name]${hashed}.js`,
        chunkFilename: `[name]${hashed}.js`,
        assetModuleFilename: `assets/[name]${hashed}[ext]`,
        uniqueName: name,
        clean: true,
      },
      resolve: { extensions: ['.tsx', '.ts', '.js', '.json'] },
      module: {
        rules: [
          {
            test: /\.tsx?$/,
            exclude: /node_modules/,
            use: { loader: 'ts-loader', options: { transpileOnly: true, configFile: path.join(dir, 'tsconfig.json') } },
          },
          { test: /\.css$/, use: [MiniCssExtractPlugin.loader, { loader: 'css-loader', options: { importLoaders: 0 } }] },
          { test: /\.(png|svg|jpg|webp|ico)$/, type: 'asset/resource' },
          ...rules,
        ],
      },
      plugins: [
        new federation.ModuleFederationPlugin({
          name,
          // A remote exposes the pages the route table gives it (shared/src/domain/routes.ts), nothing typed twice.
          ...(isRemote ? { filename: 'remoteEntry.js', exposes: pageExposes(name) } : { remotes: {} }),
          shared,
          shareStrategy: 'loaded-first',
          dts: false,
          manifest: true,
          // The runtime without manifest snapshots (remotes load from remoteEntry.js) and without Node code; a
          // remote's also without the code to consume remotes, which it never does. Each remote carries its own
          // runtime, no `externalRuntime`: on a first visit (the shell and one remote) that costs less than the
          // whole runtime the shell would have to lend with `provideExternalRuntime` (docs/architecture.md,
          // "Module federation", has the figures).
          experiments: { optimization: { disableSnapshot: true, target: 'web', ...(isRemote ? { disableRemote: true } : {}) } },
        }),
        new ChunkGroupsManifestPlugin(shared),
        new BuildInfoPlugin({ name, entry: isRemote ? name : 'main', federationVersion: federation.version }),
        new MiniCssExtractPlugin({ filename: `[name]${hashed}.css`, chunkFilename: `[name]${hashed}.css` }),
        new HtmlWebpackPlugin({
          // One page template for all: the shell's index.html, served by the site, and each remote's
          // standalone harness page.
          template: path.join(__dirname, 'index.html'),
          title: isRemote ? name : 'Tasko',
          isHost: !isRemote,
          filename: 'index.html',
          chunks: ['main'],
          scriptLoading: 'defer',
          // A remote's own code finds its chunks from where its script came from ('auto'); its harness page
          // must ask for that script from the root, or a deep link such as /en/tasks would look for /en/main.js.
          ...(isRemote && !isProduction ? { publicPath: '/' } : {}),
          // The shell's page names its files where dist serves them; the server rewrites that folder for a release.
          ...(isRemote ? {} : { publicPath }),
          // The server rewrites <html> and </head> of the shell's page for each route (language, meta, preloads).
        }),
      ],
      optimization: { moduleIds: 'deterministic', chunkIds: 'deterministic' },
      // A release builds one package again and again: webpack's persistent cache makes the next build of the
      // same sources quick (scripts/build.mjs asks for it with --out). Off otherwise: CI builds from scratch.
      ...(process.env.TASKO_WEBPACK_CACHE
        ? {
            cache: {
              type: 'filesystem',
              cacheDirectory: process.env.TASKO_WEBPACK_CACHE,
              name: `${name}-${argv.mode}-${sharedContractVersion()}`,
              buildDependencies: { config: [__filename, path.join(dir, 'webpack.config.js')] },
            },
          }
        : {}),
      performance: { hints: false },
      stats: 'errors-warnings',
      devServer: {
        port,
        historyApiFallback: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        // The standalone harness talks to a running site for the API, photos and sign-in: `npm start` on this
        // machine unless TASKO_API_URL names another.
        proxy: [{ context: ['/api', '/uploads', '/dev-idp'], target: process.env.TASKO_API_URL || DEFAULT_API_URL, changeOrigin: true }],
        // Inside the real shell the page is the shell's, so the reload socket names this server's port; its host
        // follows the page's (use the same one in MFE_<NAME>_URL, e.g. 127.0.0.1 for both: the CSP allows it).
        client: { overlay: { runtimeErrors: false }, webSocketURL: { port } },
      },
    };
  };
}

module.exports = {
  createFederatedConfig,
  federationOf,
  sharedModules,
  ChunkGroupsManifestPlugin,
  BuildInfoPlugin,
  SINGLETONS,
  BUILD_INFO_FILE,
  BUILDS_GLOBAL,
};
