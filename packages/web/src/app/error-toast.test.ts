import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error.ts';
import { toastVariantFor } from './error-toast.ts';

describe('toastVariantFor', () => {
  it('warns, not alarms, when an admin viewing as a learner is refused (issue 35)', () => {
    const refused = new ApiError(403, 'impersonation_not_learners_voice', '代為檢視時不能以學員的名義發文');
    expect(toastVariantFor(refused)).toBe('warning');
    expect(toastVariantFor(new ApiError(403, 'impersonation_read_only', '…'))).toBe('warning');
  });
  it('keeps 400 a warning and other failures danger', () => {
    expect(toastVariantFor(new ApiError(400, 'validation', '…'))).toBe('warning');
    expect(toastVariantFor(new ApiError(403, 'forbidden', '…'))).toBe('danger');
    expect(toastVariantFor(undefined)).toBe('danger');
  });
});
