import { AVATAR_MAX_BYTES, messages, profileMessages } from '@atrium/protocol';
import { badRequest } from '../../lib/errors.ts';
import { sniffImageType } from './image-type.ts';

export const avatarTooLarge = () => badRequest('avatar_too_large', messages.avatarSize);

/** Refuses bytes over 2 MB or that are not the png/jpeg the address was issued for (by content, not name). */
export function checkAvatarBytes(bytes: Buffer, expected: 'image/png' | 'image/jpeg'): void {
  if (bytes.length > AVATAR_MAX_BYTES) throw avatarTooLarge();
  if (bytes.length === 0 || sniffImageType(bytes) !== expected) {
    throw badRequest('avatar_not_image', profileMessages.avatarNotImage);
  }
}
