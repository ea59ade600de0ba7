import type { Config } from '../../config.ts';
import type { CoursePlatform } from './course-platform.ts';
import { teachablePlatform } from './teachable-platform.ts';

/** The configured course platform by name; undefined when it is not configured (the feature is off). */
export function platformOf(config: Config, name: string): CoursePlatform | undefined {
  if (name === 'teachable' && config.teachable) return teachablePlatform(config.teachable);
  return undefined;
}

/** Every configured platform (today at most Teachable). */
export function configuredPlatforms(config: Config): CoursePlatform[] {
  return config.teachable ? [teachablePlatform(config.teachable)] : [];
}

export const platformCallbackUrl = (config: Config, name: string) =>
  `${config.publicUrl}/v1/course-platform/${name}/callback`;
