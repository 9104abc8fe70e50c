/** The packages of the monorepo and what each remote exposes (workspaces.cjs). */

/** The absolute path of the repository. */
export declare const REPO_ROOT: string;

/** The folders of the root package.json's `workspaces`, in its order. */
export declare function workspaces(): string[];

/** The workspaces with a webpack.config.js, the shell first. */
export declare function federatedPackages(): string[];

/** The federated packages other than the shell. */
export declare function remotePackages(): string[];

/** `shared` and the federated packages, those with a `src` folder: their tests run in jsdom. */
export declare function browserPackages(): string[];

/**
 * A remote's federation `exposes` from PAGE_ROUTES: `./<module>` → `./src/pages/<module>/<module>.tsx`.
 * Throws for a remote without routes (an unknown name included) and for a missing page file.
 */
export declare function pageExposes(remoteName: string): Record<string, string>;
