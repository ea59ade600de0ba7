export type ImageType = 'image/png' | 'image/jpeg' | 'image/webp';

/** What the bytes say the file is, whatever its name claims: png, jpeg, webp, or neither. */
export function sniffImageType(bytes: Buffer): ImageType | null {
  // PNG signature: 89 50 4E 47 0D 0A 1A 0A, then the IHDR chunk.
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'image/png';
  }
  // JPEG: SOI marker FF D8 followed by another marker (FF xx).
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return 'image/jpeg';
  }
  // WebP: a RIFF container whose form type is WEBP, then a VP8 / VP8L / VP8X chunk.
  if (
    bytes.length >= 16 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP' &&
    bytes.toString('latin1', 12, 15) === 'VP8'
  ) {
    return 'image/webp';
  }
  return null;
}
