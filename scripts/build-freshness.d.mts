/** Why `output` must be built again ("not built yet", or which input changed since), or undefined when it is up to date. */
export function staleBecause(output: string, inputs: readonly string[]): string | undefined;
