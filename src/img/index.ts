export { ImgArchive, SECTOR_BYTES, type ImgEntry } from './reader.js';
export { writeImg, type ImgEntryData, type WriteImgOptions } from './writer.js';
