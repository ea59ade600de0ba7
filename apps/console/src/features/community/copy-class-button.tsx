import type { AdminClass } from '@atrium/protocol/community';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, Form, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { communityApi } from './community-api.ts';

/**
 * 複製課程 (admins): a new, unpublished class with this one's outline, content, tasks and links, for the next
 * cohort; the admin names it (「<name>（複本）」 offered). Members and their work stay behind. Opens the copy.
 */
export function CopyClassButton({ cls }: { cls: Pick<AdminClass, 'id' | 'name'> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [show, setShow] = useState(false);
  const [name, setName] = useState('');
  const copy = useMutation({
    mutationFn: () => communityApi.copyClass(cls.id, name),
    onSuccess: async (created) => {
      setShow(false);
      await queryClient.invalidateQueries({ queryKey: ['community', 'classes'] });
      await navigate(`/classes/${created.id}`);
    },
  });
  return (
    <>
      <Button
        variant="outline-primary"
        onClick={() => {
          setName(t('community.copy.defaultName', { name: cls.name }));
          copy.reset();
          setShow(true);
        }}
      >
        {t('community.copy.button')}
      </Button>
      <Modal show={show} onHide={() => setShow(false)} aria-labelledby="copy-class-title">
        <Form
          onSubmit={(e) => {
            e.preventDefault();
            copy.mutate();
          }}
        >
          <Modal.Header closeButton closeLabel={t('community.cancel')}>
            <Modal.Title id="copy-class-title" as="h2" className="h5">
              {t('community.copy.title')}
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <p>{t('community.copy.what')}</p>
            <Form.Group controlId="copy-class-name">
              <Form.Label>{t('community.copy.name')}</Form.Label>
              <Form.Control
                value={name}
                maxLength={100}
                required
                onChange={(e) => setName(e.target.value)}
                isInvalid={copy.isError}
              />
              {copy.error && (
                <Form.Control.Feedback type="invalid" role="alert">
                  {copy.error.message}
                </Form.Control.Feedback>
              )}
            </Form.Group>
            <p className="small text-body-secondary mt-2 mb-0">{t('community.copy.dates')}</p>
          </Modal.Body>
          <Modal.Footer>
            <Button variant="secondary" onClick={() => setShow(false)}>
              {t('community.cancel')}
            </Button>
            <Button type="submit" disabled={copy.isPending}>
              {t('community.copy.submit')}
            </Button>
          </Modal.Footer>
        </Form>
      </Modal>
    </>
  );
}
