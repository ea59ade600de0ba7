/** Avatar file names are random and chosen by the server; anything else is refused before any lookup. */
export const AVATAR_NAME = /^[A-Za-z0-9_-]{24}\.(png|jpg)$/;

/** Where a checked avatar is kept and served from: only the server writes here (ADR 0014). */
export const avatarKey = (name: string) => `avatars/${name}`;

/**
 * Where the browser uploads (the presigned or signed PUT). Its bytes are checked and copied to avatarKey
 * when the avatar is stored, then deleted; a later PUT to the same address changes nothing anyone serves.
 */
export const avatarUploadKey = (name: string) => `avatars/incoming/${name}`;

/** Where the server itself serves a stored avatar (disk store, or S3 without S3_PUBLIC_URL). */
export const avatarPath = (name: string) => `/v1/uploads/avatar/${name}`;

/** Seconds an upload address stays valid. */
export const UPLOAD_TTL_SECONDS = 600;

/** An uploaded avatar can be stored on the profile this long after its address was issued. */
export const CLAIM_TTL_MS = 24 * 3600_000;
