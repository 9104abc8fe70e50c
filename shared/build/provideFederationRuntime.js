// A federation runtime plugin of the shell: it lends the shell's runtime to the remotes, which are built
// with `externalRuntime` and look for it at `self._FEDERATION_RUNTIME_CORE` when their remoteEntry.js runs.
// It hands over exactly the names a remote's runtime (@module-federation/runtime) imports from the core, all
// of which the shell's own runtime already holds; `import * as` would keep the whole core in the shell.
// The names are checked against the installed runtime by shared/src/provideFederationRuntime.test.ts.
import {
  CurrentGlobal,
  Module,
  ModuleFederation,
  assert,
  getGlobalFederationConstructor,
  getRemoteEntry,
  getRemoteInfo,
  helpers,
  loadScript,
  loadScriptNode,
  registerGlobalPlugins,
  satisfy,
  setGlobalFederationConstructor,
  setGlobalFederationInstance,
} from '@module-federation/runtime-core';

export const LENT_RUNTIME = {
  CurrentGlobal,
  Module,
  ModuleFederation,
  assert,
  getGlobalFederationConstructor,
  getRemoteEntry,
  getRemoteInfo,
  helpers,
  loadScript,
  loadScriptNode,
  registerGlobalPlugins,
  satisfy,
  setGlobalFederationConstructor,
  setGlobalFederationInstance,
};

export default function provideFederationRuntime() {
  return {
    name: 'provide-federation-runtime',
    beforeInit(args) {
      CurrentGlobal._FEDERATION_RUNTIME_CORE ??= LENT_RUNTIME;
      return args;
    },
  };
}
