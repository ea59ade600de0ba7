import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { accountApi } from '../api/account.ts';
import { clearSessionToken } from '../api/session-token.ts';

/**
 * The logout confirmation of spec 1 §2 (title 確認登出, text 是否確認登出？, button 登出). Used by the navbar
 * and the user side menu. The browser forgets the session even if the server call fails.
 */
export function LogoutModal({ show, onHide }: { show: boolean; onHide: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const logout = useMutation({
    mutationFn: accountApi.logout,
    onSettled: () => {
      clearSessionToken();
      onHide();
      // Leave the signed-in screens first: clearing the cache while they are mounted makes them read a
      // missing user and throw into the router's error boundary.
      void Promise.resolve(navigate('/login', { replace: true })).then(() => queryClient.clear());
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
