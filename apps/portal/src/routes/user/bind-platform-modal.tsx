import { useMutation } from '@tanstack/react-query';
import { Button, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { goToCoursePlatform } from '../account/course-platform-api.ts';

/**
 * The bind modal of spec 1 §2: static (the backdrop does not close it) and not dismissible by keyboard; it
 * asks a learner without a bound course-platform account to bind one, or leave the page.
 */
export function BindPlatformModal({ platform }: { platform: { name: string; display_name: string } }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const bind = useMutation({
    mutationFn: () => goToCoursePlatform(platform.name, 'user', '/user/courses'),
  });
  return (
    <Modal
      show
      backdrop="static"
      keyboard={false}
      centered
      aria-labelledby="bind-modal-title"
      data-testid="bind-modal"
    >
      <Modal.Header>
        <Modal.Title as="h2" className="h5" id="bind-modal-title">
          {t('coursePlatform.bindTitle')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{t('coursePlatform.bindText', { name: platform.display_name })}</Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={() => navigate('/dashboard')}>
          {t('coursePlatform.later')}
        </Button>
        <Button onClick={() => bind.mutate()} disabled={bind.isPending}>
          {t('coursePlatform.bind', { name: platform.display_name })}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
