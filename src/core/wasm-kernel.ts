import { scalarKernelBase64, simdKernelBase64 } from './generated/kernel-binaries.js';

/** Which decoder ran: a WebAssembly build, or the plain-TypeScript reference. */
export type Backend = 'simd' | 'scalar' | 'js';
export type BackendOption = 'auto' | Backend;

/** The smallest module that uses a SIMD instruction: `() -> v128 { i32x4.splat(i32.const 0) }`. */
const SIMD_PROBE = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // magic, version
  0x01, 0x05, 0x01, 0x60, 0x00, 0x01, 0x7b, // type section: () -> v128
  0x03, 0x02, 0x01, 0x00, // function section
  0x0a, 0x08, 0x01, 0x06, 0x00, 0x41, 0x00, 0xfd, 0x11, 0x0b, // code: i32.const 0; i32x4.splat; end
]);

const hasWebAssembly = typeof WebAssembly === 'object' && typeof WebAssembly.Module === 'function';

/** True where the engine validates SIMD code; decided once at import. */
export const simdSupported: boolean = hasWebAssembly && WebAssembly.validate(SIMD_PROBE);

const modules: { simd?: WebAssembly.Module; scalar?: WebAssembly.Module } = {};

function base64Bytes(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const sources = { simd: simdKernelBase64, scalar: scalarKernelBase64 };
const wanted: Array<'simd' | 'scalar'> = !hasWebAssembly ? [] : simdSupported ? ['simd', 'scalar'] : ['scalar'];

// Compile synchronously at import where the host allows it (Node, workers, desktop browsers for
// modules this small); a host that refuses gets its modules through `ready` instead.
for (const build of wanted) {
  try {
    modules[build] = new WebAssembly.Module(base64Bytes(sources[build]));
  } catch {
    // left for the asynchronous path
  }
}

/**
 * Resolves once every WebAssembly build this host supports is compiled. Readers made before that use
 * the TypeScript decoder, so awaiting it is only needed where a synchronous compile is refused.
 */
export const ready: Promise<void> = Promise.all(
  wanted
    .filter((build) => !modules[build])
    .map(async (build) => {
      modules[build] = await WebAssembly.compile(base64Bytes(sources[build]));
    }),
).then(() => undefined);

/** The compiled module for a build, or undefined while it is unavailable. */
export function kernelModule(build: 'simd' | 'scalar'): WebAssembly.Module | undefined {
  return modules[build];
}

/** The backend a decode will use: `auto` prefers SIMD, then scalar wasm, then TypeScript. */
export function resolveBackend(option: BackendOption = 'auto'): Backend {
  if (option === 'js') return 'js';
  if (option === 'auto') return modules.simd ? 'simd' : modules.scalar ? 'scalar' : 'js';
  if (!modules[option]) {
    throw new Error(`backend '${option}' is not available here${option === 'simd' && !simdSupported ? ' (no WebAssembly SIMD)' : ' (await ready first)'}`);
  }
  return option;
}
