import { createFileRoute, redirect } from '@tanstack/react-router';

/** Kept for old links; the trash has no page of its own (spec 2.1). */
export const Route = createFileRoute('/_auth/_sidebar/trash')({
  beforeLoad: () => {
    throw redirect({ to: '/', replace: true });
  },
});
