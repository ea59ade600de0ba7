import { Button, ButtonGroup, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from './confirm-button.tsx';

export type ItemFlagPatch = { enable?: boolean; published?: boolean };

/** An outline item's admin controls: open (尚未開放 when off), published, move up/down, delete. */
export function ItemControls({
  id,
  name,
  enable,
  published,
  first,
  last,
  onFlags,
  onMove,
  onDelete,
}: {
  id: string;
  name: string;
  enable: boolean;
  published: boolean;
  first: boolean;
  last: boolean;
  onFlags: (flags: ItemFlagPatch) => void;
  onMove: (by: -1 | 1) => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="ms-auto d-flex flex-wrap gap-2 align-items-center">
      <Form.Check
        type="switch"
        id={`enable-${id}`}
        label={t('community.outline.open')}
        aria-label={t('community.outline.openItem', { name })}
        checked={enable}
        onChange={(e) => onFlags({ enable: e.target.checked })}
      />
      <Form.Check
        type="switch"
        id={`published-${id}`}
        label={t('community.outline.published')}
        aria-label={t('community.outline.publishItem', { name })}
        checked={published}
        onChange={(e) => onFlags({ published: e.target.checked })}
      />
      <ButtonGroup size="sm">
        <Button
          variant="outline-secondary"
          disabled={first}
          aria-label={t('community.outline.up', { name })}
          onClick={() => onMove(-1)}
        >
          ↑
        </Button>
        <Button
          variant="outline-secondary"
          disabled={last}
          aria-label={t('community.outline.down', { name })}
          onClick={() => onMove(1)}
        >
          ↓
        </Button>
      </ButtonGroup>
      <ConfirmButton
        question={t('community.outline.confirmDelete', { name })}
        label={t('community.delete')}
        onConfirm={onDelete}
      />
    </div>
  );
}
