import { createFileRoute, redirect } from '@tanstack/react-router';
import { allItemsSearchSchema } from '@tinkercloud/shared';

/** Kept for old links: the parameters are validated (spec 2.2), then the user goes home (spec 2.1). */
export const Route = createFileRoute('/_auth/_sidebar/allitems')({
  validateSearch: allItemsSearchSchema,
  beforeLoad: () => {
    throw redirect({ to: '/', replace: true });
  },
});
