export { IMGArchive, SECTOR_BYTES, type IMGEntry } from './reader.js';
export { writeIMG, type IMGEntryData, type WriteIMGOptions } from './writer.js';
export { ImgArchive, type ImgEntry } from './reader.js';
export { writeImg, type ImgEntryData, type WriteImgOptions } from './writer.js';
export { DecodeError, type DecodeWarning } from '../core/errors.js';
export { imgFormat } from './format.js';
export { IMG_CODES } from './codes.js';
