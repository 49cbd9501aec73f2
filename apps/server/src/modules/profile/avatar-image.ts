import { AVATAR_SIZE_PX } from '@vowa/shared/profile/profile-schemas';
import sharp from 'sharp';

export const avatarMessages = {
  notAnImage: 'Please choose a JPEG, PNG or WebP image.',
  tooLarge: 'The photo must be 5 MB or smaller.',
  noFile: 'Choose a photo to upload.',
} as const;

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);

/**
 * Judges an upload by its content (not its name or declared type), then re-encodes it: a square
 * WebP at most 512 px, turned upright, with every piece of metadata (EXIF, GPS, ICC) dropped.
 * Returns null when the bytes are not a JPEG, PNG or WebP image.
 */
export async function normalizeAvatar(input: Buffer): Promise<Buffer | null> {
  let format: string | undefined;
  try {
    // limitInputPixels guards against decompression bombs (a tiny file that decodes huge).
    format = (await sharp(input, { limitInputPixels: 40_000_000 }).metadata()).format;
  } catch {
    return null;
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) return null;
  try {
    return await sharp(input, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize(AVATAR_SIZE_PX, AVATAR_SIZE_PX, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    return null;
  }
}
