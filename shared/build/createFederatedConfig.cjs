// The one webpack config factory (ARCHITECTURE "Top-level layout"): every federated package calls it with
// only what differs: its name, its port, what it exposes. Plain CommonJS so webpack-cli loads it as is.
const path = require('node:path');
const fs = require('node:fs');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');

const repoRoot = path.resolve(__dirname, '..', '..');
const sharedPackage = require('../package.json');
const { pageExposes } = require('./workspaces.cjs');

/** Every module the shell and remotes must hold exactly once in the page (ARCHITECTURE "Module federation contract"). */
const SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'react-router-dom',
  'jotai',
];

function installedVersion(name) {
  const pkgName = name.startsWith('@') ? name.split('/').slice(0, 2).join('/') : name.split('/')[0];
  const pkgJson = require.resolve(`${pkgName}/package.json`, { paths: [repoRoot] });
  return JSON.parse(fs.readFileSync(pkgJson, 'utf8')).version;
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
function sharedModules() {
  const shared = {};
  for (const name of SINGLETONS) {
    const version = installedVersion(name);
    const major = version.split('.')[0];
    shared[name] = { singleton: true, strictVersion: true, requiredVersion: `^${major}.0.0`, version };
  }
  const contract = sharedContractVersion();
  shared['@tasko/shared'] = { singleton: true, strictVersion: true, requiredVersion: `^${contract}`, version: contract };
  return shared;
}

/**
 * Writes chunk-groups.json (named chunk group → its JS and CSS files; `provided:<module>` → the files of a
 * shared module the package provides) so the server can preload exactly
 * what a route needs, e.g. the shell's bootstrap chunk, without parsing webpack stats at run time.
 */
class ChunkGroupsManifestPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('ChunkGroupsManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'ChunkGroupsManifestPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const filesOf = (group) => group.chunks.flatMap((chunk) => [...chunk.files]).filter((f) => /\.(js|css)$/.test(f));
          const groups = {};
          for (const [name, group] of compilation.namedChunkGroups) groups[name] = filesOf(group);
          // What the page loads for each shared module the package provides: `provided:react-router-dom`.
          // The federation manifest lists a provided copy and a fallback copy without saying which is which,
          // and preloading the fallback fetched a file no page ever ran.
          for (const module of compilation.modules) {
            const block = module.type === 'provide-module' ? module.blocks[0] : undefined;
            const group = block && compilation.chunkGraph.getBlockChunkGroup(block);
            if (group) groups[`provided:${module._name}`] = filesOf(group);
          }
          compilation.emitAsset('chunk-groups.json', new compiler.webpack.sources.RawSource(JSON.stringify(groups, null, 2)));
        },
      );
    });
  }
}

/**
 * @param {object} options
 * @param {string} options.dir            the package folder (pass __dirname)
 * @param {'host' | 'remote'} options.kind
 * @param {string} options.name           federation name, e.g. 'mfe_jobs'
 * @param {number} options.port           dev server port
 * @param {string} [options.publicPath]   host only: where its assets are served from
 * @param {object[]} [options.rules]      loaders for file types only this package has
 */
/** Where `npm start` serves the site (api/src/config.ts: PORT 8080). */
const DEFAULT_API_URL = 'http://127.0.0.1:8080';

function createFederatedConfig({ dir, kind, name, port, publicPath = '/', rules = [] }) {
  return (_env, argv) => {
    const isProduction = argv.mode === 'production';
    const isRemote = kind === 'remote';
    const hashed = isProduction ? '.[contenthash:8]' : '';
    return {
      mode: isProduction ? 'production' : 'development',
      context: dir,
      entry: { main: './src/index.ts' },
      // Source maps in files, not eval(): a dev remote then runs inside the real shell, whose CSP has no 'unsafe-eval'.
      devtool: isProduction ? false : 'cheap-module-source-map',
      output: {
        path: path.join(dir, 'dist'),
        publicPath: isRemote ? 'auto' : publicPath,
        filename: `[name]${hashed}.js`,
        chunkFilename: `[name]${hashed}.js`,
        assetModuleFilename: `assets/[name]${hashed}[ext]`,
        uniqueName: name,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js', '.json'],
        // Every `react-router-dom` import gets the site's list of it (see shared/src/router), the module shared.
        alias: { 'react-router-dom$': path.join(__dirname, '..', 'src', 'router', 'index.ts') },
      },
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
        new ModuleFederationPlugin({
          name,
          // A remote exposes the pages the route table gives it (shared/src/domain/routes.ts), nothing typed twice.
          ...(isRemote ? { filename: 'remoteEntry.js', exposes: pageExposes(name) } : { remotes: {} }),
          shared: sharedModules(),
          shareStrategy: 'loaded-first',
          dts: false,
          manifest: true,
          // The runtime without manifest snapshots (remotes load from remoteEntry.js) and without Node code.
          // A built remote uses the shell's copy of the federation runtime instead of carrying its own (15 kB
          // gz less in each remoteEntry.js). The shell hands over only what a remote's runtime calls
          // (provideFederationRuntime.js, +0.2 kB), not the whole package as `provideExternalRuntime` does
          // (+23 kB). A remote served by itself (its dev harness) keeps its own runtime.
          experiments: {
            optimization: { disableSnapshot: true, target: 'web' },
            ...(isRemote && isProduction ? { externalRuntime: true } : {}),
          },
          ...(isRemote ? {} : { runtimePlugins: [require.resolve('./provideFederationRuntime.js')] }),
        }),
        new ChunkGroupsManifestPlugin(),
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
          // The server rewrites <html> and </head> of the shell's page for each route (language, meta, preloads).
        }),
      ],
      optimization: { moduleIds: 'deterministic', chunkIds: 'deterministic' },
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

module.exports = { createFederatedConfig, SINGLETONS };
