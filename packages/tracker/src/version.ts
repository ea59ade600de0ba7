/** Spec 2 §1: tracker version 15.0.3 (kept equal to package.json; a test checks). */
export const TRACKER_VERSION = '15.0.3';
