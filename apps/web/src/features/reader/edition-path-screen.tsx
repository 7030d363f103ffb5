// /{edition} paths such as /2 open the reader on that edition (spec 1 §2). The
// reader keeps its place in the query string, so the path becomes ?edition=2;
// any other single-segment path is unknown and goes home.
import { Navigate, useLocation, useParams } from 'react-router';
import { parseEditionNumber } from '../../shared/lib/reader-links.ts';

export function EditionPathScreen() {
  const { edition } = useParams();
  const { search } = useLocation();
  const number = parseEditionNumber(edition ?? null);
  if (number === undefined) return <Navigate to="/" replace />;
  const params = new URLSearchParams(search);
  params.set('edition', String(number));
  return <Navigate to={`/?${params.toString()}`} replace />;
}
