export { ImgArchive, SECTOR_BYTES, type ImgEntry } from './reader.js';
export { writeImg, type ImgEntryData, type WriteImgOptions } from './writer.js';
export { DecodeError, type DecodeWarning } from '../core/errors.js';
export { imgFormat } from './format.js';
export { IMG_CODES } from './codes.js';
