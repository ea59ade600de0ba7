import { createHash } from 'node:crypto';

/**
 * The message with what changes between occurrences of one fault taken out: ids (UUIDs, long hex), quoted
 * values, addresses' query strings and numbers become placeholders, so "Order 123 not found" and
 * "Order 456 not found" are one issue.
 */
export function messagePattern(message: string): string {
  return message
    .slice(0, 500)
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<id>')
    .replace(/\b(?=[0-9a-f]*\d)[0-9a-f]{12,}\b/gi, '<id>')
    .replace(/(["'`])(?:(?!\1).){0,200}\1/g, '<str>')
    .replace(/\?[^\s"'`]*/g, '?<query>')
    .replace(/\d+(?:\.\d+)?/g, '<n>')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The group an exception belongs to on the Issues screen: name + message pattern + top frame (ADR 0057). */
export function exceptionFingerprint(name: string, message: string, frame: string): string {
  // The frame keeps its line (one fault site); the column and the file's query string are left out upstream.
  return createHash('sha256')
    .update(`${name}\n${messagePattern(message)}\n${frame}`)
    .digest('hex')
    .slice(0, 24);
}
