import { createFileRoute, redirect } from '@tanstack/react-router';

/** Unknown routes redirect to Home (spec 2.1). */
export const Route = createFileRoute('/$')({
  beforeLoad: () => {
    throw redirect({ to: '/', replace: true });
  },
});
