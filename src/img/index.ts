export { ImgArchive, SECTOR_BYTES, type ImgEntry } from './reader.js';
export { writeImg, type ImgEntryData } from './writer.js';
