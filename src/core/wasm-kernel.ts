import { InternalError, StateError } from './errors.js';
import * as binaries from './generated/kernel-binaries.js';

/** Which decoder ran: a WebAssembly build, or the plain-TypeScript reference. */
export type Backend = 'simd' | 'scalar' | 'js';
/** How a decode or sample picks its path: `auto` (SIMD wasm, then scalar wasm, then TypeScript), or one of them forced. */
export type BackendOption = 'auto' | Backend;

/** The smallest module that uses a SIMD instruction: `() -> v128 { i32x4.splat(i32.const 0) }`. */
const SIMD_PROBE = new Uint8Array([
  0x00,
  0x61,
  0x73,
  0x6d,
  0x01,
  0x00,
  0x00,
  0x00, // magic, version
  0x01,
  0x05,
  0x01,
  0x60,
  0x00,
  0x01,
  0x7b, // type section: () -> v128
  0x03,
  0x02,
  0x01,
  0x00, // function section
  0x0a,
  0x08,
  0x01,
  0x06,
  0x00,
  0x41,
  0x00,
  0xfd,
  0x11,
  0x0b, // code: i32.const 0; i32x4.splat; end
]);

const hasWebAssembly = typeof WebAssembly === 'object' && typeof WebAssembly.Module === 'function';

/** True where the engine validates SIMD code; decided once at import. */
export const simdSupported: boolean = hasWebAssembly && WebAssembly.validate(SIMD_PROBE);

/** The kernel modules: IFP decoding (decode-tracks, scan-anp), pose sampling (sample-pose), textures (decode-texture). */
export type KernelName = 'decode' | 'pose' | 'texture';
type Build = 'simd' | 'scalar';

const modules = new Map<string, WebAssembly.Module>();
const key = (name: KernelName, build: Build) => `${name}.${build}`;

function base64Bytes(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const sources: Record<string, string> = {
  'decode.simd': binaries.decodeSimdBase64,
  'decode.scalar': binaries.decodeScalarBase64,
  'pose.simd': binaries.poseSimdBase64,
  'pose.scalar': binaries.poseScalarBase64,
  'texture.simd': binaries.textureSimdBase64,
  'texture.scalar': binaries.textureScalarBase64,
};
const builds: Build[] = !hasWebAssembly ? [] : simdSupported ? ['simd', 'scalar'] : ['scalar'];
const wanted = builds.flatMap((build) => (['decode', 'pose', 'texture'] as const).map((name) => key(name, build)));

// Compile synchronously at import where the host allows it (Node, workers, desktop browsers for
// modules this small); a host that refuses gets its modules through `ready` instead.
for (const id of wanted) {
  try {
    modules.set(id, new WebAssembly.Module(base64Bytes(sources[id]!)));
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
    .filter((id) => !modules.has(id))
    .map(async (id) => {
      modules.set(id, await WebAssembly.compile(base64Bytes(sources[id]!)));
    }),
).then(() => undefined);

/** The compiled module of a kernel in a build, or undefined while it is unavailable. */
export function kernelModule(build: Build, name: KernelName = 'decode'): WebAssembly.Module | undefined {
  return modules.get(key(name, build));
}

/** The backend a decode (or a sampling call) will use: `auto` prefers SIMD, then scalar wasm, then TypeScript. */
export function resolveBackend(option: BackendOption = 'auto', name: KernelName = 'decode'): Backend {
  if (option === 'js') return 'js';
  if (option === 'auto') return modules.has(key(name, 'simd')) ? 'simd' : modules.has(key(name, 'scalar')) ? 'scalar' : 'js';
  if (!modules.has(key(name, option))) {
    throw new StateError(
      'backend-unavailable',
      `backend '${option}' is not available here${option === 'simd' && !simdSupported ? ' (no WebAssembly SIMD)' : ' (await ready first)'}`,
    );
  }
  return option;
}

/**
 * What a kernel instance imports: its memory, and `abort`, which only the debug build of the kernels
 * calls (a failed assertion). The release builds compile assertions out and import no `abort`.
 */
export function kernelImports(memory: WebAssembly.Memory): WebAssembly.Imports {
  const text = (at: number) => readKernelString(memory, at);
  return {
    env: {
      memory,
      abort(message: number, file: number, line: number, column: number): never {
        throw new InternalError('kernel-assertion', `wasm kernel assertion failed: ${text(message)} (${text(file)}:${line}:${column})`);
      },
    },
  };
}

/** An AssemblyScript string: UTF-16LE, its byte length in the 4 bytes before it. */
function readKernelString(memory: WebAssembly.Memory, at: number): string {
  const bytes = memory.buffer.byteLength;
  if (at < 4 || at > bytes) return '?';
  // The kernel's own memory, checked by hand above and below: not input a format reader parses.
  const length = new DataView(memory.buffer).getUint32(at - 4, true);
  if (length > 4096 || at + length > bytes) return '?';
  return String.fromCharCode(...new Uint16Array(memory.buffer.slice(at, at + (length & ~1))));
}
