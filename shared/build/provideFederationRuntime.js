// A federation runtime plugin of the shell: it lends the shell's runtime to the remotes, which are built
// with `externalRuntime` and look for it at `self._FEDERATION_RUNTIME_CORE` when their remoteEntry.js runs.
// It hands over exactly the names a remote's runtime (@module-federation/runtime) imports from the core, all
// of which the shell's own runtime already holds, rather than the whole core (`provideExternalRuntime`).
// The names are checked against the installed runtime by shared/src/provideFederationRuntime.test.ts.
// Member by member: webpack keeps only the members read (a whole-namespace use would keep the whole core).
import * as core from '@module-federation/runtime-core';

export const LENT_RUNTIME = {
  CurrentGlobal: core.CurrentGlobal,
  Module: core.Module,
  ModuleFederation: core.ModuleFederation,
  assert: core.assert,
  getGlobalFederationConstructor: core.getGlobalFederationConstructor,
  getRemoteEntry: core.getRemoteEntry,
  getRemoteInfo: core.getRemoteInfo,
  helpers: core.helpers,
  loadScript: core.loadScript,
  loadScriptNode: core.loadScriptNode,
  registerGlobalPlugins: core.registerGlobalPlugins,
  satisfy: core.satisfy,
  setGlobalFederationConstructor: core.setGlobalFederationConstructor,
  setGlobalFederationInstance: core.setGlobalFederationInstance,
};

export default function provideFederationRuntime() {
  return {
    name: 'provide-federation-runtime',
    beforeInit(args) {
      core.CurrentGlobal._FEDERATION_RUNTIME_CORE ??= LENT_RUNTIME;
      return args;
    },
  };
}
