import { useMutation, useQuery } from '@tanstack/react-query';
import { Button } from 'react-bootstrap';

interface Choice {
  name: string;
  display_name: string;
}

/**
 * One button per configured external sign-in (identity providers, course platforms); nothing when none is
 * configured. A failed list is silent: the password form still works.
 */
export function ExternalSignInButtons({
  queryKey,
  list,
  go,
  label,
  className,
}: {
  queryKey: string[];
  list: (signal: AbortSignal) => Promise<Choice[]>;
  go: (name: string) => Promise<unknown>;
  label: (displayName: string) => string;
  className: string;
}) {
  const choices = useQuery({
    queryKey,
    queryFn: ({ signal }) => list(signal),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { silent: true },
  });
  const leave = useMutation({ mutationFn: go });
  if (!choices.data?.length) return null;
  return (
    <div className={`${className} d-grid gap-2`}>
      {choices.data.map((c) => (
        <Button
          key={c.name}
          variant="outline-secondary"
          disabled={leave.isPending}
          onClick={() => leave.mutate(c.name)}
        >
          {label(c.display_name)}
        </Button>
      ))}
    </div>
  );
}
