// One source for the binary layout the TypeScript shell and the AssemblyScript kernels share. Both
// sides import this file (it is valid TypeScript and valid AssemblyScript: plain integer constants),
// so the track table, the kind numbers, the frame sizes and the records cannot drift apart.

// --- The track table (src/ifp/track-table.ts writes it, assembly/decode-tracks.ts reads it) ---
/** i32 fields per row. */
export const ROW_FIELDS = 8;
export const ROW_BYTES = 32;
// Field indices. Source is a byte offset from the input base; times to scales are float offsets from
// the output base, -1 where the track has no such array.
export const ROW_KIND = 0;
export const ROW_FRAME_COUNT = 1;
export const ROW_SOURCE = 2;
export const ROW_TIMES = 3;
export const ROW_ROTATIONS = 4;
export const ROW_TRANSLATIONS = 5;
export const ROW_SCALES = 6;
export const ROW_BONE_ID = 7;

// --- Track kinds: how one track's frames are stored ---
export const KIND_ANP_FLOAT_ROT = 1;
export const KIND_ANP_FLOAT_ROT_TRANS = 2;
export const KIND_ANP_INT16_ROT = 3;
export const KIND_ANP_INT16_ROT_TRANS = 4;
export const KIND_ANPK_KR00 = 5;
export const KIND_ANPK_KRT0 = 6;
export const KIND_ANPK_KRTS = 7;

// --- The kind table: bytes per frame, and where time, translation and scale sit in a float frame ---
export const FRAME_BYTES_ANP_FLOAT_ROT = 20;
export const FRAME_BYTES_ANP_FLOAT_ROT_TRANS = 32;
export const FRAME_BYTES_ANP_INT16_ROT = 10;
export const FRAME_BYTES_ANP_INT16_ROT_TRANS = 16;
export const FRAME_BYTES_ANPK_KR00 = 20;
export const FRAME_BYTES_ANPK_KRT0 = 32;
export const FRAME_BYTES_ANPK_KRTS = 44;
/** ANP float frames: q[4], time, then translation. */
export const ANP_FLOAT_TIME_AT = 16;
export const ANP_FLOAT_TRANSLATION_AT = 20;
/** ANPK frames: q[4], then translation (and scale), time last. */
export const ANPK_TRANSLATION_AT = 16;
export const ANPK_SCALE_AT = 28;
export const ANPK_KR00_TIME_AT = 16;
export const ANPK_KRT0_TIME_AT = 28;
export const ANPK_KRTS_TIME_AT = 40;

// --- The games' fixed-point constants for int16 frames ---
export const ROTATION_DIVISOR = 4096;
export const TICKS_PER_SECOND = 60;
export const TRANSLATION_DIVISOR = 1024;

// --- The wasm scan's records (assembly/scan-anp.ts writes them, src/ifp/scan-wasm.ts reads them) ---
export const PACKED_NAME_BYTES = 24;
/** u32 fields: header offset, first row, track count. */
export const ANIMATION_RECORD_FIELDS = 3;
/** u32 fields: offset, byte length, first animation, animation count. */
export const PACKAGE_RECORD_FIELDS = 4;
/** u32 results: tracks, animations, packages, output floats, stop offset, non-finite key times (in 32 reserved bytes). */
export const SCAN_RESULT_BYTES = 32;
/** The SIMD kernel loads 16 bytes per int16 frame: up to this many past the last frame it decodes. */
export const OVERREAD_BYTES = 16;
/**
 * The decode module's buffers start here. Address 0 means "no such array" to the kernel, and the debug
 * build keeps its assertion messages below this line (scripts/build-wasm.mjs checks they fit).
 */
export const DECODE_RESERVED_BYTES = 1024;

// --- The pose sampler's records (src/playback/sampler-wasm.ts writes them, assembly/sample-pose.ts reads them) ---
/** u32 track count, f32 duration, u32 tracks address. */
export const CLIP_BYTES = 12;
/** u32 key count, u32 times, u32 rotations, u32 translations (0 = none). */
export const SAMPLED_TRACK_BYTES = 16;
/** u32 clip address, u32 flags, f64 time, u32 first output bone, pad. */
export const INSTANCE_BYTES = 24;
export const INSTANCE_LOOP = 1;
/** The pose module's static data (math tables) lives in this first part of its memory. */
export const POSE_RESERVED_BYTES = 65536;
/** Above this cosine two rotation keys are close: lerp and normalise (nlerp) instead of dividing by sin ~ 0. */
export const NEARLY_PARALLEL = 0.9995;
/**
 * Slerp weights sin(t·θ)/sin(θ) are summed as a series in d = cos θ - 1, not through acos and sin, so
 * the kernel and the TypeScript sampler compute them with the same additions and multiplications
 * (bit-identical), in a fraction of the time. Keys closer than SLERP_SERIES_SHORT_RANGE (nearly all
 * animation keys) take a fixed SLERP_SERIES_SHORT_TERMS terms (error below 2e-13): a fixed count is
 * a loop the branch predictor gets right. Farther keys sum until a term falls below
 * SLERP_SERIES_TOLERANCE of the sum (all terms are positive), at most SLERP_SERIES_TERMS terms
 * (cos θ = 0, the slowest case, needs about 40).
 */
export const SLERP_SERIES_SHORT_RANGE = 0.05;
export const SLERP_SERIES_SHORT_TERMS = 8;
export const SLERP_SERIES_TOLERANCE = 1e-13;
export const SLERP_SERIES_TERMS = 64;

// --- Texture decoding (src/txd/ calls assembly/decode-texture.ts) ---
/** The texel layouts the texture kernel decodes to RGBA8, one number each. */
export const TEXEL_DXT1 = 1;
/** DXT2 and DXT3: explicit 4-bit alpha. */
export const TEXEL_DXT3 = 2;
/** DXT4 and DXT5: interpolated alpha. */
export const TEXEL_DXT5 = 3;
/** 8888: bytes B G R A (D3DFMT_A8R8G8B8). */
export const TEXEL_BGRA8 = 4;
/** 888: bytes B G R x, four per pixel (D3DFMT_X8R8G8B8). */
export const TEXEL_BGRX8 = 5;
/** 565, 1555, 555, 4444: little-endian u16 per pixel, red in the high bits. */
export const TEXEL_R5G6B5 = 6;
export const TEXEL_A1R5G5B5 = 7;
export const TEXEL_X1R5G5B5 = 8;
export const TEXEL_A4R4G4B4 = 9;
/** LUM8: one luminance byte. */
export const TEXEL_L8 = 10;
/** PAL8, and PAL4 stored one index per byte: palette entries R G B A. */
export const TEXEL_INDEX8 = 11;
/** PAL4 packed two indices per byte, the low nibble first. */
export const TEXEL_INDEX4 = 12;
/**
 * The palette the kernel reads: 256 entries whatever the file stores (PAL4 stores 32 but may hold
 * one 8-bit index per byte, as Direct3D's P8 does). Entries past the stored ones are zero.
 */
export const TEXTURE_PALETTE_BYTES = 1024;
/** Below this: the debug build's messages. From it: one DXT block's colour and alpha tables (24 bytes). */
export const TEXTURE_SCRATCH_AT = 1024;
/** The 256 x 16-byte table of DXT row selectors the SIMD build makes on first use. */
export const TEXTURE_LUT_AT = 2048;
/** The texture module's buffers start here. */
export const TEXTURE_RESERVED_BYTES = 8192;
