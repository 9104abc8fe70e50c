// The shell's federation runtime plugin: what the page knows of each remote's load, through the runtime's
// documented hooks (module-federation.io, guide/runtime/runtime-hooks and runtime-api) rather than its
// caches or the wording of its errors. It tells "Try again" whether a remote's container ever started, and
// turns a remote the page cannot run (built with another federation major or minor, or needing a newer shared
// singleton than the page has) into a VersionSkewError naming both versions. docs/architecture.md, "Module
// federation", has the why.
import {
  registerGlobalPlugins,
  registerPlugins,
  satisfy,
  type ModuleFederationRuntimePlugin,
  type RuntimePluginHooks,
} from '@module-federation/enhanced/runtime';

/** The federation package every build is made with (each federated package's devDependencies). */
export const FEDERATION_PACKAGE = '@module-federation/enhanced';

/**
 * The page's record of the federation version each build was made with: the first line of the shell's main.js
 * and of each remote's remoteEntry.js sets `self.__TASKO_BUILDS__[name]` (shared/build/createFederatedConfig.cjs,
 * BuildInfoPlugin), so a remote's is known as soon as its entry has run, before its container starts.
 */
export const BUILDS_GLOBAL = '__TASKO_BUILDS__';

export interface BuildRecord {
  federationVersion: string;
}

type Builds = Partial<Record<string, BuildRecord>>;

/** A remote that needs another version of a shared module, or of the federation, than the page has: said in full, for whoever releases. */
export class VersionSkewError extends Error {
  override name = 'VersionSkewError';
}

type Hooks = Required<RuntimePluginHooks>;
/** What the runtime hands a hook (its types, from the runtime's own declarations). */
type HookArgs<Hook extends keyof Hooks> = Parameters<Hooks[Hook]>[0];

/** A singleton a remote asked for at a version the page does not have, as `resolveShare` saw it. */
interface SharedSkew {
  module: string;
  needed: string;
  provided: string;
  provider: string;
}

function pageBuilds(): Builds {
  return (globalThis as unknown as Record<string, Builds | undefined>)[BUILDS_GLOBAL] ?? {};
}

const majorMinor = (version: string) => version.split('.').slice(0, 2).join('.');

/** The major of a version or of the lowest version a range accepts (`^1.4.0`, `>=1.4.0`, `~1.4.0`: 1). */
const majorOf = (version: string) => Number(/\d+/.exec(version)?.[0] ?? Number.NaN);

/**
 * Who releases what to end a shared skew: a provider behind the remote releases the version needed first; a
 * provider already past the remote's major (a breaking change the remote was not built for) cannot, so the
 * remote is rebuilt against it, or the provider rolled back.
 */
function sharedSkewMessage(remote: string, { module, needed, provided, provider }: SharedSkew): string {
  const fix =
    majorOf(provided) > majorOf(needed)
      ? `rebuild and release ${remote} against ${module} ${provided} (or roll ${provider} back)`
      : `release ${provider} with ${module} ${needed.replace(/^\^/, '')} or newer first, or roll ${remote} back`;
  return `${remote} needs ${module} ${needed}, but this page runs ${module} ${provided} from ${provider}: ${fix}`;
}

/** What `loadRemote('mfe_content/FaqPage')` asks for: the remote is the part before the first slash. */
const remoteOf = (id: string) => id.split('/')[0] ?? id;

export interface FederationWatch {
  plugin: ModuleFederationRuntimePlugin;
  /** The remote's container started (its entry loaded and `init` succeeded) in this page. */
  hasContainerStarted(remote: string): boolean;
}

/**
 * @param builds where the page's build records are (the global the entry scripts write; tests pass their own)
 */
export function createFederationWatch(builds: () => Builds = pageBuilds): FederationWatch {
  const started = new Set<string>();
  const sharedSkews = new Map<string, SharedSkew>();

  /** The remote was built with another federation major or minor than the page's host, by their build records. */
  function federationSkew(remote: string, host: string): VersionSkewError | null {
    const remoteVersion = builds()[remote]?.federationVersion;
    const hostVersion = builds()[host]?.federationVersion;
    if (!remoteVersion || !hostVersion || majorMinor(remoteVersion) === majorMinor(hostVersion)) return null;
    return new VersionSkewError(
      `${remote} was built with ${FEDERATION_PACKAGE} ${remoteVersion}, but this page runs ${FEDERATION_PACKAGE} ${hostVersion} from ${host}: build both with the same major and minor (release ${host} with ${majorMinor(remoteVersion)} first, or roll ${remote} back)`,
    );
  }

  const plugin: ModuleFederationRuntimePlugin = {
    name: 'tasko-shell-federation-watch',

    // In the shell's runtime, before a remote's container starts: a remote built with another federation major
    // or minor is stopped here, before its `init` touches the page's shared modules. The runtime wraps what
    // this throws; errorLoadRemote below answers the clear error.
    beforeInitContainer(args: HookArgs<'beforeInitContainer'>) {
      const skew = federationSkew(args.remoteInfo.name, args.origin.name);
      if (skew) throw new Error(skew.message);
      return args;
    },

    initContainer(args: HookArgs<'initContainer'>) {
      started.add(args.remoteInfo.name);
      return args;
    },

    // In every runtime of the page (registered globally: a remote's own runtime picks the shared module it
    // consumes): which version the page gives a strict singleton, and what the remote asked for. The runtime
    // refuses it right after; this only remembers both versions, for errorLoadRemote.
    resolveShare(args: HookArgs<'resolveShare'>) {
      const { shareInfo, version, pkgName, scope, shareScopeMap } = args;
      const config = shareInfo.shareConfig;
      const needed = config?.requiredVersion;
      if (
        config?.singleton &&
        config.strictVersion &&
        typeof needed === 'string' &&
        typeof version === 'string' &&
        shareInfo.from &&
        !satisfy(version, needed)
      ) {
        const provider = shareScopeMap[scope]?.[pkgName]?.[version]?.from ?? 'the page';
        sharedSkews.set(shareInfo.from, { module: pkgName, needed, provided: version, provider });
      }
      return args;
    },

    // A failed loadRemote in the shell's runtime: a remote the page cannot run fails with both versions named
    // (the page's error panel shows, RemoteErrorBoundary logs it); any other failure goes on as it came.
    errorLoadRemote({ id, origin }: HookArgs<'errorLoadRemote'>) {
      const remote = remoteOf(id);
      const federation = federationSkew(remote, origin.name);
      if (federation) throw federation;
      const shared = sharedSkews.get(remote);
      if (shared) {
        sharedSkews.delete(remote);
        throw new VersionSkewError(sharedSkewMessage(remote, shared));
      }
      return undefined;
    },
  };

  return { plugin, hasContainerStarted: (remote) => started.has(remote) };
}

/** The shell's one watch over its federation runtime. */
export const federationWatch = createFederationWatch();

/**
 * Puts the watch into the shell's runtime (created before any shell code runs) and into every runtime created
 * after this call, i.e. each remote's, whose `resolveShare` is the one that sees what the remote asks for.
 * Call it before the first remote loads.
 */
export function registerFederationWatch(): void {
  registerGlobalPlugins([federationWatch.plugin]);
  registerPlugins([federationWatch.plugin]);
}
