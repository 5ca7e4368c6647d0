import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { toast } from '@/lib/toast.tsx';

const REGISTRATION_MESSAGE = 'Kit registration is no longer necessary. You can access your courses directly.';

/** Kit registration is gone: say so (the toast outlives the redirect) and go to Courses (spec 2.1). */
export const Route = createFileRoute('/_auth/_nosidebar/registration')({
  staticData: { title: 'Registration' },
  component: Registration,
});

function Registration() {
  const navigate = useNavigate();
  useEffect(() => {
    // A fixed id keeps the message single when React runs effects twice in development.
    toast.info(REGISTRATION_MESSAGE, { id: 'registration' });
    void navigate({ to: '/courses/', replace: true });
  }, [navigate]);
  return null;
}
