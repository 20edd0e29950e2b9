import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorState } from './error-state.tsx';
import { NotFoundScreen } from './not-found-screen.tsx';

/** A route's error boundary: 404 responses show not-found, anything else 'Erro'. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />;
  return <ErrorState />;
}
