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
export declare function createFederatedConfig(options: FederatedConfigOptions): (env: unknown, argv: { mode: 'development' | 'production' }) => Record<string, unknown>;

export declare const SINGLETONS: readonly string[];
