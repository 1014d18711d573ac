import { IFPReader } from './reader.js';

export default IFPReader;
export { IFPReader };
export type { IFPReaderOptions, IFPPackage } from './reader.js';
export { Animation, Track } from './track.js';
export { writeIFP, type WriteIFPOptions } from './writer.js';
export { IFPDecoder, type IFPDecoderOptions } from './decoder.js';
export type { AnimationData, IFPFormat, Keyframe, KeyframeType, PackageData, TrackData } from './types.js';
export { DecodeError, type DecodeWarning } from '../core/errors.js';
export { ready, simdSupported, type Backend, type BackendOption } from '../core/wasm-kernel.js';
export { ifpFormat } from './format.js';
export { IFP_CODES } from './codes.js';
