/** The core's names a remote's federation runtime uses, lent by the shell at `self._FEDERATION_RUNTIME_CORE`. */
export declare const LENT_RUNTIME: Readonly<Record<string, unknown>>;

export default function provideFederationRuntime(): { name: string; beforeInit<T>(args: T): T };
