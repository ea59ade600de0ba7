/** A chapter with a release date is closed to learners until then; none means it follows `enable` alone. */
export function isReleased(chapter: { releaseAt: Date | null }, now: Date): boolean {
  return chapter.releaseAt === null || chapter.releaseAt.getTime() <= now.getTime();
}
