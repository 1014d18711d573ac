// The kernels' signatures as TypeScript types, derived from the list scripts/build-wasm.mjs reads out of
// the `export function` declarations in assembly/ (src/core/generated/kernel-signatures.ts). The binary
// layout the kernels share with the shells is src/core/wasm-layout.ts; these are the calls that pass
// those addresses. A parameter renamed, added, dropped or reordered in assembly/ changes these types, so
// every call site that no longer matches fails to compile instead of passing integers in the wrong order.
import { kernelSignatures } from './generated/kernel-signatures.js';
import type { KernelName } from './wasm-kernel.js';

export { kernelSignatures };
type Signatures = typeof kernelSignatures;

// The kernel modules wasm-kernel.ts loads are exactly the ones the build compiles.
const sameModules: [KernelName, keyof Signatures] extends [keyof Signatures, KernelName] ? true : never = true;
void sameModules;

/** The exports of a kernel module, by name. */
export type KernelExport<K extends KernelName> = keyof Signatures[K] & string;

type Signature<K extends KernelName, E extends KernelExport<K>> = Signatures[K][E] extends { params: readonly string[]; returns: string }
  ? Signatures[K][E]
  : never;

/** An export's parameter names, in the order the kernel takes them. */
export type KernelParams<K extends KernelName, E extends KernelExport<K>> = Signature<K, E>['params'];

/** An export's arguments by name: every parameter given, none extra. Addresses and counts are all i32/u32 here. */
export type KernelArgs<K extends KernelName, E extends KernelExport<K>> = { readonly [P in KernelParams<K, E>[number]]: number };

/** What an export returns to JavaScript: a number for i32, nothing for void. */
// biome-ignore lint/suspicious/noConfusingVoidType: a kernel exported as void returns nothing JavaScript may use.
export type KernelReturn<K extends KernelName, E extends KernelExport<K>> = Signature<K, E>['returns'] extends 'void' ? void : number;

/** An instance's exports as JavaScript sees them: one number per parameter, in order. */
export type KernelExports<K extends KernelName> = {
  readonly [E in KernelExport<K>]: (...args: NumberPerName<KernelParams<K, E>>) => KernelReturn<K, E>;
};
type NumberPerName<Names> = Names extends readonly string[] ? { -readonly [I in keyof Names]: number } : never;
