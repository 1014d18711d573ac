// What a glTF import reads: a binary .glb, or a JSON .gltf whose buffers and images are files beside
// it or data: URIs inside it. The library opens no files (it runs in browsers too): a caller gives the
// other files through `resources`; the CLI reads them from the .gltf's folder. Everything is checked
// before glTF-Transform sees it: a file named but not given is a typed error naming its URI, and no
// accessor may make the reader allocate more than the bytes given justify.
import type { GLTF, JSONDocument } from '@gltf-transform/core';
import { ByteCursor } from '../core/byte-cursor.js';
import { DecodeError } from '../core/errors.js';
import { workCount } from '../core/work-count.js';

/**
 * The files a .gltf (or a .glb) names by URI, its .bin and images: called once per URI, as the JSON
 * writes it (relative to the .gltf, percent-encoded), it returns the file's bytes, or undefined (or
 * throws, saying why) when there is none. Data URIs are decoded without it.
 */
export type GltfResources = (uri: string) => Uint8Array | undefined;

/** What of glTF-Transform the reading needs, given by the caller so that this module imports it lazily or not. */
export type GltfTransform = Pick<typeof import('@gltf-transform/core'), 'WebIO' | 'GLB_BUFFER'>;

export interface GltfDocumentRead {
  doc: Awaited<ReturnType<InstanceType<GltfTransform['WebIO']>['readJSON']>>;
  /** The bytes read: the file's and every resource's, which bound the work the input justifies. */
  bytes: number;
  /** The file's asset.generator, as written (glTF-Transform's document reports its own). */
  generator: string | null;
}

const GLB_MAGIC = 0x46546c67; // 'glTF'
const JSON_CHUNK = 0x4e4f534a; // 'JSON'
const BIN_CHUNK = 0x004e4942; // 'BIN\0'

/** Reads a .glb or a .gltf (with its `resources`) into a glTF-Transform document. */
export async function readGltfDocument(core: GltfTransform, bytes: Uint8Array, resources?: GltfResources): Promise<GltfDocumentRead> {
  // glTF-Transform views the input's whole ArrayBuffer: give it an exact copy, so nothing beyond the
  // input (a Node Buffer's pool, say) can be read as data.
  const input = new Uint8Array(bytes);
  const { jsonDoc, jsonAt, jsonText } = isGlb(input) ? splitGlb(input, core.GLB_BUFFER) : parseGltfJson(input);
  let total = input.length;
  // One copy per array the caller gives: a file named by several spellings (the caller returns the
  // same bytes for each) is copied and counted once, so spellings add neither memory nor budget.
  const copies = new Map<Uint8Array, Uint8Array>();
  for (const { what, uri } of externalUris(jsonDoc)) {
    if (Object.hasOwn(jsonDoc.resources, uri)) continue;
    // Where the URI is written is looked up only for an error: once per URI it would cost URIs x JSON.
    const missing = (why: string) =>
      new DecodeError('GLTF', 'missing-resource', jsonAt + byteOffsetOf(jsonText, uri), `${what}'s URI "${uri}" ${why}`);
    if (!resources) throw missing('names a file beside the glTF, and none were given to read it from');
    let data: Uint8Array | undefined;
    try {
      data = resources(uri);
    } catch (error) {
      throw missing(`cannot be read: ${(error as Error).message}`);
    }
    if (!(data instanceof Uint8Array)) throw missing('names a file that is not there');
    let copy = copies.get(data);
    if (!copy) {
      copy = new Uint8Array(data);
      copies.set(data, copy);
      total += data.length;
    }
    // An own property even for a URI such as "__proto__" or "constructor", which glTF-Transform looks up with `in`.
    Object.defineProperty(jsonDoc.resources, uri, { value: copy, enumerable: true, writable: true, configurable: true });
  }
  checkAccessorSizes(jsonDoc.json, total, jsonAt);
  try {
    const generator = jsonDoc.json.asset?.generator;
    return { doc: await new core.WebIO().readJSON(jsonDoc), bytes: total, generator: typeof generator === 'string' ? generator : null };
  } catch (error) {
    // A refusal of ours (the object counts a bounded reader checks first) stays what it is.
    if (error instanceof DecodeError) throw error;
    throw new DecodeError('GLTF', 'bad-gltf', 0, `not a glTF glTF-Transform can read: ${(error as Error).message}`);
  }
}

function isGlb(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && new ByteCursor(bytes, 'GLTF').u32At(0) === GLB_MAGIC;
}

/** A GLB's JSON chunk and BIN chunk, as glTF-Transform's own reading finds them, every length checked. */
function splitGlb(bytes: Uint8Array<ArrayBuffer>, glbBuffer: string): { jsonDoc: JSONDocument; jsonAt: number; jsonText: string } {
  const cursor = new ByteCursor(bytes, 'GLTF');
  const version = cursor.u32At(4, 'GLB version');
  if (version !== 2) throw cursor.error('bad-gltf', 4, `a GLB of version ${version}; glTF 2.0 binaries are version 2`);
  const jsonLength = cursor.u32At(12, 'GLB JSON chunk length');
  if (cursor.u32At(16, 'GLB first chunk type') !== JSON_CHUNK) throw cursor.error('bad-gltf', 16, "the GLB's first chunk is not its JSON");
  if (jsonLength > bytes.length - 20)
    throw cursor.error('truncated', 12, `the GLB's JSON chunk claims ${jsonLength} bytes, ${bytes.length - 20} remain`);
  const jsonText = decodeJson(bytes.subarray(20, 20 + jsonLength), 20);
  const json = parseJson(jsonText, 20);
  const resources: JSONDocument['resources'] = {};
  const binAt = 20 + jsonLength;
  if (bytes.length - binAt >= 8 && cursor.u32At(binAt + 4) === BIN_CHUNK) {
    const binLength = cursor.u32At(binAt);
    if (binLength > bytes.length - binAt - 8)
      throw cursor.error('truncated', binAt, `the GLB's BIN chunk claims ${binLength} bytes, ${bytes.length - binAt - 8} remain`);
    resources[glbBuffer] = bytes.subarray(binAt + 8, binAt + 8 + binLength);
  }
  return { jsonDoc: { json, resources }, jsonAt: 20, jsonText };
}

function parseGltfJson(bytes: Uint8Array): { jsonDoc: JSONDocument; jsonAt: number; jsonText: string } {
  const text = decodeJson(bytes, 0);
  if (!/^\uFEFF?\s*\{/.test(text))
    throw new DecodeError('GLTF', 'bad-gltf', 0, 'neither a glTF binary (it does not start with "glTF") nor a JSON glTF (an object)');
  return { jsonDoc: { json: parseJson(text.replace(/^\uFEFF/, ''), 0), resources: {} }, jsonAt: 0, jsonText: text };
}

function decodeJson(bytes: Uint8Array, at: number): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new DecodeError('GLTF', 'bad-gltf', at, 'the glTF JSON is not UTF-8');
  }
}

function parseJson(text: string, at: number): GLTF.IGLTF {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new DecodeError('GLTF', 'bad-gltf', at, `the glTF JSON does not parse: ${(error as Error).message}`);
  }
  if (!json || typeof json !== 'object' || Array.isArray(json))
    throw new DecodeError('GLTF', 'bad-gltf', at, 'the glTF JSON is not an object');
  return json as GLTF.IGLTF;
}

/** The buffers and images named by a URI that is no data: URI (images in a buffer view excepted, as glTF-Transform reads them). */
function* externalUris(jsonDoc: JSONDocument): Generator<{ what: string; uri: string }> {
  const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
  const uriOf = (item: unknown) => (item && typeof item === 'object' ? (item as { uri?: unknown }).uri : undefined);
  for (const [i, buffer] of list(jsonDoc.json.buffers).entries()) {
    const uri = uriOf(buffer);
    if (typeof uri === 'string' && !/^data:/i.test(uri)) yield { what: `buffer ${i}`, uri };
  }
  for (const [i, image] of list(jsonDoc.json.images).entries()) {
    const uri = uriOf(image);
    if (typeof uri === 'string' && !/^data:/i.test(uri) && (image as { bufferView?: unknown }).bufferView === undefined)
      yield { what: `image ${i}`, uri };
  }
}

/** Where the URI is written in the JSON, in bytes (its first occurrence; 0 when escaped otherwise). */
function byteOffsetOf(text: string, uri: string): number {
  workCount.gltfJsonSearched += text.length;
  const at = text.indexOf(JSON.stringify(uri));
  return at < 0 ? 0 : new TextEncoder().encode(text.slice(0, at)).length;
}

const COMPONENT_BYTES: Record<number, number> = { 5120: 1, 5121: 1, 5122: 2, 5123: 2, 5125: 4, 5126: 4 };
const COMPONENTS: Record<string, number> = { SCALAR: 1, VEC2: 2, VEC3: 3, VEC4: 4, MAT2: 4, MAT3: 9, MAT4: 16 };
/** Dense arrays an input may make its reader allocate: this many bytes per input byte, plus 1 MiB. */
const ACCESSOR_BYTES_PER_INPUT_BYTE = 16;

/**
 * Refuses accessors whose arrays the input cannot justify. glTF-Transform allocates an accessor's
 * whole array, count x element bytes, for one without a buffer view (zero-filled), a sparse one, and
 * one on an interleaved view (copied out element by element, even with a byteStride of 0 that makes a
 * 16-byte view serve 25 million elements). So every accessor's dense size counts, view or not: a file
 * whose accessors read their own bytes once stays far below the limit. `inputBytes` counts the file
 * and its resources.
 */
function checkAccessorSizes(json: GLTF.IGLTF, inputBytes: number, jsonAt: number): void {
  const accessors = (Array.isArray(json.accessors) ? json.accessors : []) as Array<{
    count?: unknown;
    type?: unknown;
    componentType?: unknown;
  }>;
  const limit = ACCESSOR_BYTES_PER_INPUT_BYTE * inputBytes + (1 << 20);
  let total = 0;
  accessors.forEach((accessor, index) => {
    if (!accessor || typeof accessor !== 'object') return; // left for glTF-Transform to reject
    const count = typeof accessor.count === 'number' ? accessor.count : 0;
    const element = (COMPONENT_BYTES[accessor.componentType as number] ?? 4) * (COMPONENTS[accessor.type as string] ?? 16);
    total += Math.max(0, count) * element;
    if (!(total <= limit))
      throw new DecodeError(
        'GLTF',
        'count-exceeds-data',
        jsonAt,
        `accessor ${index} would allocate ${count} elements of ${element} bytes: more than ${inputBytes} bytes of input justify (refused)`,
      );
  });
}
