import { IGI2ClipReader } from './clip-reader.js';

export default IGI2ClipReader;
export { IGI2ClipReader, DEFAULT_TICKS_PER_SECOND } from './clip-reader.js';
export { IGI2Decoder, type IGI2DecoderOptions } from './decoder.js';
export { IGI2ModelReader, readIGI2Skeleton } from './model-reader.js';
export { writeIGI2Clip, type IGI2ClipDoc, type IGI2TrackData } from './writer.js';
export type { IGI2Track, IGI2Attachment, IGI2AttachmentKey, IGI2Trigger, IGI2WrapKeys, IGI2ClipReaderOptions } from './types.js';
export { DecodeError, type DecodeWarning } from '../core/errors.js';
export { igi2ClipFormat, igi2ModelFormat } from './format.js';
export { ILFF_CODES } from './codes.js';
