/** Avatar file names are random and chosen by the server; anything else is refused before any lookup. */
export const AVATAR_NAME = /^[A-Za-z0-9_-]{24}\.(png|jpg)$/;

export const avatarKey = (name: string) => `avatars/${name}`;

/** Where the server itself serves a stored avatar (disk store, or S3 without S3_PUBLIC_URL). */
export const avatarPath = (name: string) => `/v1/uploads/avatar/${name}`;

/** Seconds an upload address stays valid. */
export const UPLOAD_TTL_SECONDS = 600;

/** An uploaded avatar can be stored on the profile this long after its address was issued. */
export const CLAIM_TTL_MS = 24 * 3600_000;
