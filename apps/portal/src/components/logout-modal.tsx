import { accountApi } from '@atrium/web/api/account.ts';
import { clearSessionToken } from '@atrium/web/api/session-token.ts';
import { useMutation } from '@tanstack/react-query';
import { Button, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { forgetImpersonation } from '../app/impersonation.ts';

/**
 * The logout confirmation of spec 1 §2 (title 確認登出, text 是否確認登出？, button 登出). Used by the navbar
 * and the user side menu. The browser forgets the session even if the server call fails, and an impersonation
 * with it: the admin's token is not kept to be put back.
 */
export function LogoutModal({ show, onHide }: { show: boolean; onHide: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useMutation({
    mutationFn: accountApi.logout,
    onSettled: () => {
      clearSessionToken();
      forgetImpersonation();
      onHide();
      // The cache is cleared by the signed-in layout once it has unmounted (use-forget-session-on-leave.ts):
      // clearing it here, while the navbar is still on screen, made it read a missing user and throw.
      void navigate('/login', { replace: true });
    },
  });

  return (
    <Modal show={show} onHide={onHide} centered aria-labelledby="logout-modal-title">
      <Modal.Header closeButton closeLabel={t('logout.cancel')}>
        <Modal.Title as="h2" className="h5" id="logout-modal-title">
          {t('logout.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{t('logout.text')}</Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onHide}>
          {t('logout.cancel')}
        </Button>
        <Button variant="danger" onClick={() => logout.mutate()} disabled={logout.isPending}>
          {t('logout.confirm')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
