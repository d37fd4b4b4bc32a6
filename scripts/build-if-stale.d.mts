// Types of build-if-stale.mjs (plain JavaScript: it runs before anything is compiled).
export interface BuildTarget {
  name: string;
  /** Files and directories (relative to the repository root) the output is built from. */
  inputs: string[];
  /** Files that exist once the target is built. */
  outputs: string[];
  /** File holding the hash of the inputs of the last successful build. */
  stamp: string;
  command: string[];
}
export const TARGETS: BuildTarget[];
export function hashInputs(root: string, inputs: string[]): string;
export function staleReason(root: string, target: BuildTarget): string | null;
export function recordBuilt(root: string, target: BuildTarget, hash: string): void;
