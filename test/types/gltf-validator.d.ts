// The Khronos validator ships no types; the tests use one function of it.
declare module 'gltf-validator' {
  export function validateBytes(
    bytes: Uint8Array,
    options?: { uri?: string; externalResourceFunction?: (uri: string) => Promise<Uint8Array> },
  ): Promise<{
    issues: {
      numErrors: number;
      numWarnings: number;
      messages: Array<{ code: string; message: string; severity: number; pointer?: string }>;
    };
  }>;
}
