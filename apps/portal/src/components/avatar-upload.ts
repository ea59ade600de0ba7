import { AVATAR_MAX_BYTES, type AvatarUploadType, messages } from '@atrium/protocol';
import { ApiError } from '@atrium/web/api/api-error.ts';
import { ensureXsrfToken, XSRF_HEADER } from '@atrium/web/api/xsrf.ts';
import { showToast } from '@atrium/web/components/toasts.tsx';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import i18n from '../i18n/index.ts';
import { profileApi } from '../routes/user/user-api.ts';
import { profileChanged } from '../routes/user/user-queries.ts';

/** png, jpg or jpeg (spec 1 §5), by MIME type or, when the browser gives none, by extension. */
export function avatarTypeOf(file: File): AvatarUploadType | null {
  if (file.type === 'image/png') return 'png';
  if (file.type === 'image/jpeg') return 'jpeg';
  if (file.type) return null;
  const ext = file.name.split('.').pop()?.toLowerCase();
  if (ext === 'png') return 'png';
  if (ext === 'jpg' || ext === 'jpeg') return 'jpeg';
  return null;
}

/** PUTs the raw bytes with upload progress (fetch cannot report it); failures become ApiError. */
function putBytes(url: string, file: File, contentType: string, onProgress: (fraction: number) => void) {
  return new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.setRequestHeader('content-type', contentType);
    // Our own (disk store) address gets cookies, so it needs the xsrf header; a bucket's presigned one must not.
    if (new URL(url, location.href).origin === location.origin)
      xhr.setRequestHeader(XSRF_HEADER, ensureXsrfToken());
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) return resolve();
      let body: { message?: unknown; code?: unknown } = {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // S3 answers errors in XML; the status code is what the user gets then.
      }
      reject(
        new ApiError(
          xhr.status,
          typeof body.code === 'string' ? body.code : 'upload_failed',
          typeof body.message === 'string' ? body.message : '',
        ),
      );
    };
    xhr.onerror = () => reject(new ApiError(0, 'network', ''));
    xhr.send(file);
  });
}

/** Spec 1 §8: an avatar failure is a toast with the status code and the message. */
function toastAvatarError(error: unknown) {
  const status = error instanceof ApiError ? error.status : 0;
  const message = (error instanceof ApiError && error.message) || i18n.t('error.generic');
  showToast(status === 400 ? 'warning' : 'danger', status ? `${status} ${message}` : message);
}

/**
 * Spec 1 §4 avatar change: check type and size, ask for an upload address, upload the bytes with progress,
 * store the image address on the profile; the new avatar then shows everywhere at once.
 */
export function useAvatarUpload() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const mutation = useMutation({
    meta: { silent: true },
    mutationFn: async ({ file, type }: { file: File; type: AvatarUploadType }) => {
      setProgress(0);
      const { upload_url, image_url } = await profileApi.avatarUpload(type);
      await putBytes(upload_url, file, type === 'png' ? 'image/png' : 'image/jpeg', setProgress);
      return profileApi.avatar(image_url);
    },
    onSuccess: (profile) => {
      profileChanged(queryClient, profile);
      showToast('success', i18n.t('user.avatar.done'));
    },
    onError: toastAvatarError,
    onSettled: () => setProgress(null),
  });

  function choose(file: File | undefined) {
    if (!file) return;
    const type = avatarTypeOf(file);
    if (!type) return showToast('warning', messages.avatarType);
    if (file.size > AVATAR_MAX_BYTES) return showToast('warning', messages.avatarSize);
    mutation.mutate({ file, type });
  }

  return { choose, progress, uploading: mutation.isPending };
}
