import type { FeatureFlag } from '@atrium/protocol/tracker/index';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ingestFeatureFlags } from '../../db/schema.ts';
import { sha256 } from '../../lib/tokens.ts';

/** 0..99.99, stable for one visitor and flag, so a visitor keeps the same answer across pages. */
function bucket(visitor: string, key: string, salt: string): number {
  return (Number.parseInt(sha256(`${key}.${salt}.${visitor}`).slice(0, 8), 16) / 0x1_0000_0000) * 100;
}

/**
 * The flags a visitor gets: enabled flags whose rollout includes them; a multi-variant flag picks its
 * variant by the same stable hash. A persistent flag the tracker already holds keeps its value while
 * the flag stays enabled. The visitor is the user id when the page set one, else the session's user UUID.
 */
export async function evaluateFeatureFlags(
  db: Database,
  input: { projectId: string; visitor: string; persisted: Record<string, unknown> },
): Promise<FeatureFlag[]> {
  const flags = await db
    .select()
    .from(ingestFeatureFlags)
    .where(and(eq(ingestFeatureFlags.projectId, input.projectId), eq(ingestFeatureFlags.enabled, true)))
    .orderBy(ingestFeatureFlags.key);
  const result: FeatureFlag[] = [];
  for (const flag of flags) {
    const kept = input.persisted[flag.key];
    if (flag.isPersist && kept !== undefined && (typeof kept === 'string' || typeof kept === 'boolean')) {
      const variant = flag.variants?.find((v) => v.value === kept);
      if (flag.variants ? variant : kept === true) {
        result.push({
          key: flag.key,
          is_persist: true,
          value: kept,
          payload: variant?.payload ?? flag.payload,
        });
        continue;
      }
    }
    if (bucket(input.visitor, flag.key, 'rollout') >= flag.rolloutPercentage) continue;
    if (!flag.variants?.length) {
      result.push({ key: flag.key, is_persist: flag.isPersist, value: true, payload: flag.payload });
      continue;
    }
    const point = bucket(input.visitor, flag.key, 'variant');
    let edge = 0;
    const chosen = flag.variants.find((v) => {
      edge += v.rolloutPercentage;
      return point < edge;
    });
    if (chosen) {
      result.push({
        key: flag.key,
        is_persist: flag.isPersist,
        value: chosen.value,
        payload: chosen.payload,
      });
    }
  }
  return result;
}
