import { createFileRoute } from '@tanstack/react-router';
import { NotFoundPage } from '../../app/not-found-page';

/** Any unknown path: a not-found page inside the layout (so behind the guard). */
export const Route = createFileRoute('/_admin/$')({
  component: NotFoundPage,
});
