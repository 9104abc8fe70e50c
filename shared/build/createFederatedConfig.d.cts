/** The webpack configuration every browser package builds with (createFederatedConfig.cjs). */
export interface FederatedConfigOptions {
  dir: string;
  kind: 'host' | 'remote';
  name: string;
  port: number;
  publicPath?: string;
  rules?: object[];
}

/** webpack's configuration function: `(env, argv)` with `argv.mode`. */
export declare function createFederatedConfig(
  options: FederatedConfigOptions,
): (env: unknown, argv: { mode: 'development' | 'production' }) => Record<string, unknown>;

export declare const SINGLETONS: readonly string[];

/** What the package in `dir` shares, as its build will declare it: each singleton's version and required range. */
export declare function sharedModules(
  dir: string,
): Record<string, { singleton: boolean; strictVersion: boolean; requiredVersion: string; version: string }>;

/** The federation plugin the package in `dir` depends on (resolved from that folder), and its version. */
export declare function federationOf(dir: string): { ModuleFederationPlugin: new (options: object) => object; version: string };

/** Writes chunk-groups.json: named chunk group → files, `provided:<module>` → the files of a shared module provided. */
export declare class ChunkGroupsManifestPlugin {
  constructor(shared: Record<string, { version: string }>);
  apply(compiler: unknown): void;
}

/** Writes build-info.json and records the federation version in the first line of the entry's script. */
export declare class BuildInfoPlugin {
  constructor(options: { name: string; entry: string; federationVersion: string });
  apply(compiler: unknown): void;
}

/** What each build writes beside its entry: `{ name, federation: { package, version } }`. */
export declare const BUILD_INFO_FILE: 'build-info.json';

/** The page's global where each build's entry script records the federation version it was built with. */
export declare const BUILDS_GLOBAL: '__TASKO_BUILDS__';
