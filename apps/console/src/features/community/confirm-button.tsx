import { Button } from 'react-bootstrap';

/** A small danger button that asks first (deleting, removing, revoking cannot be undone). */
export function ConfirmButton({
  question,
  label,
  onConfirm,
  className,
}: {
  question: string;
  label: string;
  onConfirm: () => void;
  className?: string;
}) {
  return (
    <Button
      size="sm"
      variant="outline-danger"
      className={className}
      onClick={() => window.confirm(question) && onConfirm()}
    >
      {label}
    </Button>
  );
}
