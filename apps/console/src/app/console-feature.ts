import type { RouteObject } from 'react-router';

/** A navigation entry of a feature; `label` is an i18n key of the feature's own messages. */
export interface NavEntry {
  to: string;
  label: string;
  /** Shown, and its routes opened, to admins only (agents get the "admins only" screen). */
  adminOnly?: boolean;
}

/**
 * What a feature folder's `routes.tsx` default-exports: its screens (paths relative to /console/, rendered in
 * the signed-in layout behind the staff gate), its navigation entries, and its UI strings per language
 * (merged into the catalogue, so a feature never edits the shared catalogue files).
 */
export interface ConsoleFeature {
  routes: RouteObject[];
  nav?: NavEntry[];
  /** Routes only admins may open: wrapped in the admin gate. */
  adminOnly?: boolean;
  messages?: { 'zh-TW': Record<string, unknown>; en: Record<string, unknown> };
}
