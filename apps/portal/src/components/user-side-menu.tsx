import { useCurrentUser } from '@atrium/web/app/session.ts';
import { useRef, useState } from 'react';
import { Nav } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import defaultAvatar from '../assets/default-avatar.svg';
import { useProfile } from '../routes/user/user-queries.ts';
import { useAvatarUpload } from './avatar-upload.ts';
import { LogoutModal } from './logout-modal.tsx';
import { UnreadBadge } from './unread-badge.tsx';
import './user-side-menu.css';

/**
 * The user side menu of spec 1 §2: the avatar (click to upload a new one), the nickname, the four user
 * pages with the unread badge on messages, and logout through the confirm modal.
 */
export function UserSideMenu() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const profile = useProfile().data;
  const avatar = useAvatarUpload();
  const fileInput = useRef<HTMLInputElement>(null);
  const [confirmLogout, setConfirmLogout] = useState(false);
  const nickname = profile?.nickname ?? user.nickname;
  const src = (profile ? profile.avatar : user.avatar) || defaultAvatar;

  return (
    <aside className="user-side-menu border rounded p-3 bg-white" aria-label={t('user.menu')}>
      {/* On a phone the avatar sits beside the nickname and the pages wrap in rows, so the page itself stays in view. */}
      <div className="user-side-menu-head mb-3">
        <button
          type="button"
          className="btn p-0 border-0 rounded-circle flex-shrink-0"
          onClick={() => fileInput.current?.click()}
          disabled={avatar.uploading}
          data-testid="side-avatar"
        >
          <img
            src={src}
            alt={t('user.avatar.change', { nickname })}
            width={96}
            height={96}
            className="user-side-menu-avatar rounded-circle object-fit-cover border"
          />
        </button>
        <input
          ref={fileInput}
          type="file"
          accept="image/png,image/jpeg,.png,.jpg,.jpeg"
          className="d-none"
          aria-label={t('user.avatar.file')}
          data-testid="avatar-file"
          onChange={(event) => {
            avatar.choose(event.target.files?.[0]);
            // The same file can be chosen again after a failure.
            event.target.value = '';
          }}
        />
        <div className="user-side-menu-who">
          <p className="small text-body-secondary mt-1 mb-0">{t('user.avatar.hint')}</p>
          {avatar.progress !== null && (
            <UploadProgress fraction={avatar.progress} label={t('user.avatar.progress')} />
          )}
          <p className="fw-bold mt-2 mb-0 text-break" data-testid="side-nickname">
            {nickname}
          </p>
        </div>
      </div>
      <Nav className="user-side-menu-pages" variant="pills">
        <Nav.Link as={NavLink} to="/user" end>
          {t('user.pages.profile')}
        </Nav.Link>
        <Nav.Link as={NavLink} to="/user/password">
          {t('user.pages.password')}
        </Nav.Link>
        <Nav.Link
          as={NavLink}
          to="/user/messages"
          className="d-flex align-items-center justify-content-between gap-2"
        >
          {t('user.pages.messages')}
          <UnreadBadge />
        </Nav.Link>
        <Nav.Link as={NavLink} to="/user/courses">
          {t('user.pages.courses')}
        </Nav.Link>
        <Nav.Link as="button" type="button" className="text-start" onClick={() => setConfirmLogout(true)}>
          {t('nav.logout')}
        </Nav.Link>
      </Nav>
      <LogoutModal show={confirmLogout} onHide={() => setConfirmLogout(false)} />
    </aside>
  );
}

/** Bootstrap's progress bar, with the accessible name on the element that has the progressbar role. */
function UploadProgress({ fraction, label }: { fraction: number; label: string }) {
  const percent = Math.round(fraction * 100);
  return (
    <div className="progress mt-2" data-testid="avatar-progress">
      <div
        className="progress-bar"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        style={{ width: `${percent}%` }}
      >
        {percent}%
      </div>
    </div>
  );
}
